import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formResultKeys } from './result-keys';

export type ResponseUpload = { id: string; object_path: string; mime: string; bytes: number };

/**
 * The files a response's file answers name (their upload ids), for the members to open: the rows
 * are the organization's to read (RLS), the files in the private `campaign-uploads` bucket too.
 */
export const responseUploadsQueryOptions = (formId: string, uploadIds: readonly string[]) =>
  queryOptions({
    queryKey: formResultKeys.uploads(formId, uploadIds),
    queryFn: async (): Promise<ResponseUpload[]> =>
      unwrap(
        await supabase
          .from('campaign_uploads')
          .select('id, object_path, mime, bytes')
          .eq('campaign_id', formId)
          .in('id', [...uploadIds]),
      ) ?? [],
    enabled: uploadIds.length > 0,
  });

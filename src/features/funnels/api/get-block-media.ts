import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { MEDIA_SUMMARY_COLUMNS, type MediaSummary } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { funnelKeys } from './keys';

/** The library items a funnel's pages show (their names, alt texts and files), for the editor. */
export const blockMediaQueryOptions = (funnelId: string, mediaIds: readonly string[]) =>
  queryOptions({
    queryKey: funnelKeys.media(funnelId, mediaIds),
    queryFn: async (): Promise<MediaSummary[]> =>
      mediaIds.length
        ? (unwrap(
            await supabase
              .from('organizations_media')
              .select(MEDIA_SUMMARY_COLUMNS)
              .in('id', [...mediaIds]),
          ) ?? [])
        : [],
  });

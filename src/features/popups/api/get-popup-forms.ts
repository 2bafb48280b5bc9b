import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { popupKeys } from './keys';

export type PopupFormChoice = { id: string; name: string };

/** The organization's published, not archived forms, by name: what a popup's «skjema» field may show. */
export const popupFormsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: popupKeys.forms(organizationId),
    queryFn: async (): Promise<PopupFormChoice[]> => {
      const rows =
        unwrap(await supabase.rpc('form_summaries', { input_organization_id: organizationId })) ?? [];
      return rows
        .filter((row) => row.status !== 'draft' && row.status !== 'archived')
        .map((row) => ({ id: row.form_id, name: row.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
    },
  });

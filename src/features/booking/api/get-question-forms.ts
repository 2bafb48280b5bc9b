import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

export interface QuestionFormChoice {
  id: string;
  name: string;
}

/**
 * The organization's forms a service can ask before booking: those with a published version that
 * are not archived (form_summaries' status: not a draft, not archived), by name.
 */
export const questionFormsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: bookingKeys.questionForms(organizationId),
    queryFn: async (): Promise<QuestionFormChoice[]> =>
      (unwrap(await supabase.rpc('form_summaries', { input_organization_id: organizationId })) ?? [])
        .filter((row) => row.status !== 'draft' && row.status !== 'archived')
        .map((row) => ({ id: row.form_id, name: row.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'nb')),
  });

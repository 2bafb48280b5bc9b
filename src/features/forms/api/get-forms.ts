import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

export const FORM_STATUSES = ['draft', 'open', 'scheduled', 'closed', 'archived'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export interface FormListItem {
  id: string;
  name: string;
  status: FormStatus;
  responses: number;
  /** 0–1, null without visits. */
  completionRate: number | null;
  lastResponseAt: string | null;
}

const isStatus = (value: unknown): value is FormStatus => FORM_STATUSES.some((status) => status === value);

/** The organization's forms, newest first, with their figures: one request (form_summaries). */
export const formsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: formKeys.lists(organizationId),
    queryFn: async (): Promise<FormListItem[]> => {
      const rows =
        unwrap(await supabase.rpc('form_summaries', { input_organization_id: organizationId })) ?? [];
      return rows.map((row) => ({
        id: row.form_id,
        name: row.name,
        status: isStatus(row.status) ? row.status : 'draft',
        responses: Number(row.responses),
        completionRate: row.completion_rate === null ? null : Number(row.completion_rate),
        lastResponseAt: row.last_response_at,
      }));
    },
  });

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

export type FormQuota = { id: string; blockId: string; optionId: string; cap: number; taken: number };

/** A cap per chosen option: `cap` null removes the option's quota. */
export type QuotaChange = { blockId: string; optionId: string; cap: number | null };

/** The form's quotas with how many responses took each option. */
export const formQuotasQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: formKeys.quotas(formId),
    queryFn: async (): Promise<FormQuota[]> => {
      const rows =
        unwrap(
          await supabase.from('forms_quotas').select('id, block_id, option_id, cap').eq('form_id', formId),
        ) ?? [];
      // A form has a few quotas: one count each (RLS lets members read what their responses took).
      const taken = await Promise.all(
        rows.map(async (row) => {
          const result = await supabase
            .from('forms_response_quotas')
            .select('quota_id', { count: 'exact', head: true })
            .eq('quota_id', row.id);
          unwrap(result);
          return result.count ?? 0;
        }),
      );
      return rows.map((row, index) => ({
        id: row.id,
        blockId: row.block_id,
        optionId: row.option_id,
        cap: row.cap,
        taken: taken[index] ?? 0,
      }));
    },
  });

/**
 * Writes the changed caps: a new one is inserted, a changed one updated, an emptied one deleted.
 * Plain writes (RLS); only `cap` may be updated, so an upsert's update of the ids would be refused.
 */
export function useSaveQuotas(formId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ existing, changes }: { existing: FormQuota[]; changes: QuotaChange[] }) => {
      const find = (change: QuotaChange) =>
        existing.find((quota) => quota.blockId === change.blockId && quota.optionId === change.optionId);
      const removed = changes.flatMap((change) => (change.cap === null ? (find(change)?.id ?? []) : []));
      const added = changes.flatMap(({ blockId, optionId, cap }) =>
        cap !== null && !find({ blockId, optionId, cap }) ? [{ blockId, optionId, cap }] : [],
      );
      const updated = changes.flatMap((change) => {
        const quota = find(change);
        return quota && change.cap !== null && change.cap !== quota.cap
          ? [{ id: quota.id, cap: change.cap }]
          : [];
      });
      if (removed.length > 0) unwrap(await supabase.from('forms_quotas').delete().in('id', removed));
      for (const { id, cap } of updated)
        unwrap(await supabase.from('forms_quotas').update({ cap }).eq('id', id).select('id').single());
      if (added.length > 0)
        unwrap(
          await supabase.from('forms_quotas').insert(
            added.map((change) => ({
              form_id: formId,
              organization_id: organizationId,
              block_id: change.blockId,
              option_id: change.optionId,
              cap: change.cap,
            })),
          ),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formKeys.quotas(formId) }),
  });
}

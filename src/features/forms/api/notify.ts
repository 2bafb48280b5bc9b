import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

export type NotifyMember = Pick<
  Database['public']['Functions']['organization_members_list']['Returns'][number],
  'member_id' | 'name' | 'email'
>;

export type FormNotify = { members: NotifyMember[]; chosen: string[] };

/** The organization's members (as the members screen lists them) and who of them is told of responses. */
export const formNotifyQueryOptions = (formId: string, organizationId: string) =>
  queryOptions({
    queryKey: formKeys.notify(formId, organizationId),
    queryFn: async (): Promise<FormNotify> => {
      const [members, chosen] = await Promise.all([
        supabase.rpc('organization_members_list', { input_organization_id: organizationId }),
        supabase.from('forms_notify').select('member_id').eq('form_id', formId),
      ]);
      return {
        members: unwrap(members) ?? [],
        chosen: (unwrap(chosen) ?? []).map((row) => row.member_id),
      };
    },
  });

/** Saves how members are told (`notify_mode`) and who: the chosen are added, the unchosen removed. */
export function useSaveNotify(formId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      mode,
      before,
      chosen,
    }: {
      mode: 'each' | 'daily';
      before: string[];
      chosen: string[];
    }) => {
      unwrap(
        await supabase.from('forms').update({ notify_mode: mode }).eq('id', formId).select('id').single(),
      );
      const removed = before.filter((id) => !chosen.includes(id));
      const added = chosen.filter((id) => !before.includes(id));
      if (removed.length > 0)
        unwrap(await supabase.from('forms_notify').delete().eq('form_id', formId).in('member_id', removed));
      if (added.length > 0)
        unwrap(
          await supabase
            .from('forms_notify')
            .insert(
              added.map((member_id) => ({ form_id: formId, organization_id: organizationId, member_id })),
            ),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: formKeys.form(formId) }),
  });
}

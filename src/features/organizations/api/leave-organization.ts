import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { organizationKeys } from './keys';
import { removeMember } from './remove-member';

/** Leaves the organization and forgets it as the last selected one, so the guard picks another. */
async function leaveOrganization(input: { organizationId: string; userId: string }) {
  await removeMember({ organizationId: input.organizationId, memberId: input.userId });
  const { error } = await supabase
    .from('users_configs')
    .update({ last_organization_selected_id: null })
    .eq('id', input.userId)
    .eq('last_organization_selected_id', input.organizationId);
  if (error) throw toAppError(error);
}

/** The organization screen's cache is dropped, and the guard reads the memberships again. */
export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async (_data, { userId }) => {
      queryClient.removeQueries({ queryKey: organizationKeys.all });
      await refreshAccountFacts(queryClient, { organizations: { userId } });
    },
  });
}

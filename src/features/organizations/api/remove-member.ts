import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { organizationKeys } from './keys';

/** Removes a member; removing oneself is leaving. The policy keeps the owner. */
export async function removeMember(input: { organizationId: string; memberId: string }) {
  unwrap(
    await supabase
      .from('organizations_members')
      .delete()
      .eq('organization_id', input.organizationId)
      .eq('member_id', input.memberId)
      .select('member_id')
      .single(),
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { InvitableRole } from '../constants';
import type { Member } from '../types';
import { organizationKeys } from './keys';

/** Owners and admins change roles between admin and member (policies: never to or from owner). */
async function changeMemberRole(input: { organizationId: string; member: Member; role: InvitableRole }) {
  unwrap(
    await supabase
      .from('organizations_members')
      .update({ role: input.role })
      .eq('organization_id', input.organizationId)
      .eq('member_id', input.member.member_id)
      .select('member_id')
      .single(),
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (_data, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { InvitableRole } from '../constants';
import { organizationKeys } from './keys';

type InviteInput = { organizationId: string; email: string; role: InvitableRole };

/**
 * Sends an invitation by e-mail (the invite-member function). Its refusals are catalogue codes
 * (already-member, already-invited, invalid-role …, docs/auth-onboarding.md).
 */
function inviteMember(input: InviteInput) {
  return invokeFunction<{ invitationId: string }>('invite-member', input);
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (_data, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}

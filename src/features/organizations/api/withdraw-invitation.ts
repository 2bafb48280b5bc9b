import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Invitation } from '../types';
import { organizationKeys } from './keys';

async function withdrawInvitation(input: { organizationId: string; invitation: Invitation }) {
  unwrap(
    await supabase
      .from('organizations_invitations')
      .delete()
      .eq('id', input.invitation.id)
      .select('id')
      .single(),
  );
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: (_data, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}

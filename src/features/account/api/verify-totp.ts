import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './keys';

/** The first code from the app: the factor becomes verified and the session aal2. */
async function verifyTotp(input: { userId: string; factorId: string; code: string }) {
  const { error } = await supabase.auth.mfa.challengeAndVerify({
    factorId: input.factorId,
    code: input.code,
  });
  if (error) throw toAppError(error);
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: (_data, { userId }) =>
      queryClient.invalidateQueries({ queryKey: accountSettingsKeys.factors(userId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './keys';

/** Removes a factor (a verified one needs an aal2 session: `insufficient_aal` otherwise). */
async function unenrollFactor(input: { userId: string; factorId: string }) {
  const { error } = await supabase.auth.mfa.unenroll({ factorId: input.factorId });
  if (error) throw toAppError(error);
}

/** The list is read again whether the removal worked or not, so it shows what GoTrue holds. */
export function useUnenrollFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollFactor,
    onSettled: (_data, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: accountSettingsKeys.factors(userId) }),
  });
}

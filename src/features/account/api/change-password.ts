import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * Changes the password. With secure password change GoTrue refuses an older session with
 * `reauthentication_needed`; the caller then asks for a code (useRequestReauthentication) and
 * sends it here as `nonce`.
 */
async function changePassword(input: { password: string; nonce?: string }) {
  const { password, nonce } = input;
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw toAppError(error);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Has GoTrue e-mail a one-time code that confirms a password change. */
async function requestReauthentication() {
  const { error } = await supabase.auth.reauthenticate();
  if (error) throw toAppError(error);
}

export function useRequestReauthentication() {
  return useMutation({ mutationFn: requestReauthentication });
}

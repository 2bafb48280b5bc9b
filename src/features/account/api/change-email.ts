import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Secure e-mail change (config.toml double_confirm_changes): GoTrue mails both addresses. */
async function changeEmail(email: string) {
  const { error } = await supabase.auth.updateUser({ email });
  if (error) throw toAppError(error);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** `local` ends this session, `others` every other session of the user, `global` all of them. */
export type SignOutScope = 'local' | 'others' | 'global';

async function signOut(scope: SignOutScope) {
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw toAppError(error);
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}

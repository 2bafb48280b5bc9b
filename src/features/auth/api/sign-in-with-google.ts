import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import { checked } from '../utils/auth-result';
import { returnUrl } from '../utils/return-url';

/** Leaves for Google; the session comes back in the URL of the saved target. */
export async function signInWithGoogle() {
  checked(await auth.signInWithOAuth({ provider: 'google', options: { redirectTo: returnUrl() } }));
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle, meta: { silent: true } });
}

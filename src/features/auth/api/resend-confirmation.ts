import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';
import { returnUrl } from '../utils/return-url';

/** The sign-up confirmation link again (GoTrue sends it at most once a minute). */
export async function resendConfirmation(email: string) {
  checked(await auth.resend({ type: 'signup', email, options: { emailRedirectTo: returnUrl() } }));
}

export function useResendConfirmation(callbacks: AuthMutationCallbacks<void, string> = {}) {
  return useMutation({ mutationFn: resendConfirmation, meta: { silent: true }, ...callbacks });
}

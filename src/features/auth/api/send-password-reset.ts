import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';
import { returnUrl } from '../utils/return-url';

export async function sendPasswordReset(email: string) {
  checked(await auth.resetPasswordForEmail(email, { redirectTo: returnUrl() }));
}

export function useSendPasswordReset(callbacks: AuthMutationCallbacks<void, string> = {}) {
  return useMutation({ mutationFn: sendPasswordReset, meta: { silent: true }, ...callbacks });
}

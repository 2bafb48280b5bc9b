import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks, CodeTarget } from '../types';
import { checked } from '../utils/auth-result';

/** A one-time code by e-mail or SMS. Like the magic link, a code to an unknown address makes an account. */
export async function sendCode(target: CodeTarget) {
  checked(await auth.signInWithOtp(target));
}

export function useSendCode(callbacks: AuthMutationCallbacks<void, CodeTarget> = {}) {
  return useMutation({ mutationFn: sendCode, meta: { silent: true }, ...callbacks });
}

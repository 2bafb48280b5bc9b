import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { AuthMutationCallbacks } from '../types';
import { returnUrl } from '../utils/return-url';

/**
 * request-magic-link (docs/auth-onboarding.md): our function, not signInWithOtp, because the
 * redirect target may be a marketplace host GoTrue's static allow-list does not know.
 */
export async function requestMagicLink(email: string) {
  await invokeFunction<{ sent: boolean }>('request-magic-link', { email, redirectTo: returnUrl() });
}

export function useRequestMagicLink(callbacks: AuthMutationCallbacks<void, string> = {}) {
  return useMutation({ mutationFn: requestMagicLink, meta: { silent: true }, ...callbacks });
}

import { useMutation } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';

/** The second factor at sign-in: the code of the user's verified TOTP factor lifts the session to aal2. */
export async function verifyTotp(code: string) {
  const factors = checked(await auth.mfa.listFactors()).data;
  const factor = factors.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new AppError('mfa_verification_failed');
  checked(await auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
}

export function useVerifyTotp(callbacks: AuthMutationCallbacks<void, string> = {}) {
  return useMutation({ mutationFn: verifyTotp, meta: { silent: true }, ...callbacks });
}

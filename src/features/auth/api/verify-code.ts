import type { Session } from '@supabase/auth-js';
import { useMutation } from '@tanstack/react-query';
import { AppError, toAppError } from '@/lib/errors';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks, CodeTarget } from '../types';
import { sessionOf } from '../utils/auth-result';

/**
 * A typed code. GoTrue answers a wrong code and an expired or used one alike (403 otp_expired,
 * "Token has expired or is invalid": it looks the code up and finds nothing either way), so a typed
 * code gets the honest «wrong or expired» rather than the links' «expired».
 */
export async function verifyCode(target: CodeTarget, token: string) {
  const result =
    'email' in target
      ? await auth.verifyOtp({ email: target.email, token, type: 'email' })
      : await auth.verifyOtp({ phone: target.phone, token, type: 'sms' });
  if (result.error && toAppError(result.error).code === 'otp_expired') {
    throw new AppError('otp-wrong-or-expired', { cause: result.error });
  }
  return sessionOf(result);
}

export function useVerifyCode(
  target: CodeTarget,
  callbacks: AuthMutationCallbacks<Session | null, string> = {},
) {
  return useMutation({
    mutationFn: (token: string) => verifyCode(target, token),
    meta: { silent: true },
    ...callbacks,
  });
}

import type { Session } from '@supabase/auth-js';
import { useMutation } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { sessionOf } from '../utils/auth-result';
import { returnUrl } from '../utils/return-url';

export type SignUp = {
  fullName: string;
  email?: string | undefined;
  phone?: string | undefined;
  password: string;
};

/** A new account by e-mail (confirmed by a link) or phone (confirmed by an SMS code). */
export async function signUp(input: SignUp): Promise<Session | null> {
  const options = { data: { full_name: input.fullName } };
  if (input.email) {
    return sessionOf(
      await auth.signUp({
        email: input.email,
        password: input.password,
        options: { ...options, emailRedirectTo: returnUrl() },
      }),
    );
  }
  if (input.phone) {
    return sessionOf(await auth.signUp({ phone: input.phone, password: input.password, options }));
  }
  throw new AppError('missing-email-or-phone');
}

export function useSignUp(callbacks: AuthMutationCallbacks<Session | null, SignUp> = {}) {
  return useMutation({ mutationFn: signUp, meta: { silent: true }, ...callbacks });
}

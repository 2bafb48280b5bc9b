import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks, CodeTarget } from '../types';
import { sessionOf } from '../utils/auth-result';

export type PasswordSignIn = { credentials: CodeTarget; password: string };

export async function signInWithPassword({ credentials, password }: PasswordSignIn) {
  return sessionOf(await auth.signInWithPassword({ ...credentials, password }));
}

export function useSignInWithPassword(
  callbacks: AuthMutationCallbacks<Awaited<ReturnType<typeof signInWithPassword>>, PasswordSignIn> = {},
) {
  return useMutation({ mutationFn: signInWithPassword, meta: { silent: true }, ...callbacks });
}

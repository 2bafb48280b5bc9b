import { queryOptions, useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';
import { authKeys } from './keys';

export type Assurance = { needsMfa: boolean };

/** A user with a verified TOTP factor whose session is still aal1 must pass the code step. */
export async function getAssurance(): Promise<Assurance> {
  const { currentLevel, nextLevel } = checked(await auth.mfa.getAuthenticatorAssuranceLevel()).data;
  return { needsMfa: currentLevel === 'aal1' && nextLevel === 'aal2' };
}

/** Read when the sign-in page opens with a session: never cached, the level changes with the session. */
export const assuranceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: authKeys.assurance(userId),
    queryFn: getAssurance,
    staleTime: 0,
    gcTime: 0,
  });

/** After any sign-in on the page: does this session still need its second factor? */
export function useCheckAssurance(callbacks: AuthMutationCallbacks<Assurance, void> = {}) {
  return useMutation({ mutationFn: getAssurance, meta: { silent: true }, ...callbacks });
}

import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';

/** Signs out; the SIGNED_OUT event (src/app/auth-events.ts) clears what the user left in memory. */
export async function signOut() {
  checked(await auth.signOut());
}

export function useSignOut(callbacks: AuthMutationCallbacks<void, void> = {}) {
  return useMutation({ mutationFn: signOut, meta: { silent: true }, ...callbacks });
}

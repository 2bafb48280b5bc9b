import { useMutation } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';

/** Fresh tokens carry the user as the server has it now: confirmed in another tab or not. */
export async function refreshConfirmation(): Promise<boolean> {
  const { data, error } = await auth.refreshSession();
  if (error) throw toAppError(error);
  return Boolean(data.user?.email_confirmed_at);
}

export function useRefreshConfirmation(callbacks: AuthMutationCallbacks<boolean, void> = {}) {
  return useMutation({ mutationFn: refreshConfirmation, meta: { silent: true }, ...callbacks });
}

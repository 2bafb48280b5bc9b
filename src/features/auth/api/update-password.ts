import { useMutation } from '@tanstack/react-query';
import { auth } from '@/lib/supabase-auth';
import type { AuthMutationCallbacks } from '../types';
import { checked } from '../utils/auth-result';

export async function updatePassword(password: string) {
  checked(await auth.updateUser({ password }));
}

export function useUpdatePassword(callbacks: AuthMutationCallbacks<void, string> = {}) {
  return useMutation({ mutationFn: updatePassword, meta: { silent: true }, ...callbacks });
}

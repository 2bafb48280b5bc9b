import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { createProfile as insertProfile } from '@/lib/account/api/create-profile';
import type { Profile } from '@/lib/account/api/get-profile';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { uploadAvatar } from '@/lib/account/api/upload-avatar';
import type { AuthMutationCallbacks } from '../types';

/** A profile's name as the database takes it: trimmed, 2–80 characters. */
export const profileNameSchema = z.string().check(z.trim(), z.minLength(2), z.maxLength(80));

export type NewProfile = { userId: string; name: string; file: File | null };

/** The user's profile with an optional picture in the avatars bucket. */
export async function createProfile({ userId, name, file }: NewProfile): Promise<Profile> {
  const img = file ? await uploadAvatar(userId, file) : null;
  await insertProfile({ id: userId, name, img });
  return { id: userId, name, img };
}

/** Creates the profile; the guard, which reads the profile before every navigation, sees it at once. */
export function useCreateProfile(callbacks: AuthMutationCallbacks<Profile, NewProfile> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    meta: { silent: true },
    ...callbacks,
    onSuccess: async (profile, ...rest) => {
      await refreshAccountFacts(queryClient, { profile: { userId: profile.id, saved: profile } });
      await callbacks.onSuccess?.(profile, ...rest);
    },
  });
}

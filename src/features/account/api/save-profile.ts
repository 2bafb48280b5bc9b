import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { uploadAvatar } from '@/lib/account/api/upload-avatar';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

type ProfileInput = { userId: string; name: string; picture: File | null; img: string | null };

/** Name and picture; a new picture goes to the avatars bucket first. */
async function saveProfile(input: ProfileInput) {
  const img = input.picture ? await uploadAvatar(input.userId, input.picture) : input.img;
  unwrap(
    await supabase
      .from('profiles')
      .update({ name: input.name, img })
      .eq('id', input.userId)
      .select('id')
      .single(),
  );
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (_data, { userId }) => refreshAccountFacts(queryClient, { profile: { userId } }),
  });
}

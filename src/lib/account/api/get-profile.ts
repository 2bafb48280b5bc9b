import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { accountKeys } from './keys';

export type Profile = { id: string; name: string; img: string | null };

/** The user's profile: the guard chain and the layouts share this read, so no screen fetches it twice. */
export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: async (): Promise<Profile | null> =>
      unwrap(await supabase.from('profiles').select('id, name, img').eq('id', userId).maybeSingle()),
  });

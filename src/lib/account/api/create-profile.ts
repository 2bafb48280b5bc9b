import { unwrap } from '../../errors';
import { supabase } from '../../supabase';

/**
 * Makes the user's profile unless it exists. The guard and a sign-in that revalidates while
 * navigating may both get here at once; `on conflict do nothing` lets the second one pass without
 * the 409 a plain insert answers (and the browser logs), and never overwrites a name already chosen.
 */
export async function createProfile(profile: { id: string; name: string; img: string | null }) {
  unwrap(
    await supabase
      .from('profiles')
      .upsert({ name: profile.name, img: profile.img, id: profile.id }, { ignoreDuplicates: true }),
  );
}

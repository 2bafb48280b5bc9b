import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { MEDIA_BUCKET } from '../limits';
import { present } from '../types';

/** One link for sharing outside the app (copy link): lives `seconds`, never cached. */
export async function signMediaPathFor(path: string, seconds: number): Promise<string> {
  const storage = await supabase.storage();
  return present(unwrap(await storage.from(MEDIA_BUCKET).createSignedUrl(path, seconds))).signedUrl;
}

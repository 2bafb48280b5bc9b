import { env } from '../env';
import { anonHeaders } from './public-rpc';

/**
 * Signs a private storage object as `anon` for a public page (a plain fetch, no supabase-js): the
 * bucket's policy allows it only for objects a published page may show, so a refusal just means
 * «not public (yet)». Returns the absolute URL, or null when the object cannot be signed.
 */
export async function signPublicObject(
  bucket: string,
  path: string,
  { expiresIn = 3600, signal }: { expiresIn?: number; signal?: AbortSignal } = {},
): Promise<string | null> {
  const base = `${env.VITE_SUPABASE_URL}/storage/v1`;
  const object = path.split('/').map(encodeURIComponent).join('/');
  try {
    const response = await fetch(`${base}/object/sign/${bucket}/${object}`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify({ expiresIn }),
      signal,
    });
    if (!response.ok) return null;
    const { signedURL } = (await response.json()) as { signedURL?: string };
    return signedURL ? `${base}${signedURL.startsWith('/') ? '' : '/'}${signedURL}` : null;
  } catch {
    return null;
  }
}

/**
 * The library bucket of organizations' pictures and videos (lib/media/limits' MEDIA_BUCKET; importing
 * it adds a chunk and a request to every public page).
 */
const MEDIA_BUCKET = 'organizations-media';

/** A library object signed for a public page; null for no path, or when it may not be shown. */
export const signPublicMedia = (path: string | null | undefined, signal?: AbortSignal) =>
  path ? signPublicObject(MEDIA_BUCKET, path, { signal }) : Promise.resolve(null);

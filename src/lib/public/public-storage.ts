import { env } from '../env';
import { anonHeaders } from './public-rpc';

/**
 * A link to a media file a published page shows, issued by the server (the public-media edge function,
 * a plain fetch, no supabase-js): it signs only what a page shows right now, for a lifetime it fixes,
 * because visitors may not sign the library's files themselves. Returns the absolute URL, or null when
 * the file is not shown (any more), or the link could not be had.
 */
export async function publicMediaLink(
  path: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string | null> {
  try {
    const response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/public-media`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify({ paths: [path] }),
      signal,
    });
    if (!response.ok) return null;
    const { links } = (await response.json()) as { links?: { path: string; url: string | null }[] };
    const url = links?.find((link) => link.path === path)?.url;
    return url ? `${env.VITE_SUPABASE_URL}/storage/v1${url}` : null;
  } catch {
    return null;
  }
}

/** A library object's link for a public page; null for no path, or when it may not be shown. */
export const signPublicMedia = (path: string | null | undefined, signal?: AbortSignal) =>
  path ? publicMediaLink(path, { signal }) : Promise.resolve(null);

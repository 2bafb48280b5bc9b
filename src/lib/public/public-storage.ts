import { env } from '../env';
import { anonHeaders } from './public-rpc';

/** The library's files (the default), or the public's own uploads (a progress photo). */
export type PublicMediaBucket = 'organizations-media' | 'campaign-uploads';

/**
 * A link to a media file a published page shows, issued by the server (the public-media edge function,
 * a plain fetch, no supabase-js): it signs only what a page shows right now, for a lifetime it fixes,
 * because visitors may not sign the library's files themselves. Returns the absolute URL, or null when
 * the file is not shown (any more), or the link could not be had.
 */
export async function publicMediaLink(
  path: string,
  { signal, bucket }: { signal?: AbortSignal; bucket?: PublicMediaBucket } = {},
): Promise<string | null> {
  try {
    const response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/public-media`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(bucket ? { paths: [path], bucket } : { paths: [path] }),
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

/** A file's link for a public page; null for no path, or when it may not be shown. */
export const signPublicMedia = (
  path: string | null | undefined,
  signal?: AbortSignal,
  bucket?: PublicMediaBucket,
) => (path ? publicMediaLink(path, { signal, bucket }) : Promise.resolve(null));

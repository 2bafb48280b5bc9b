import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { DISPLAY_LINK_SECONDS, MEDIA_BUCKET } from '../limits';
import { present } from '../types';
import { mediaKeys } from './keys';

/** A link is used until this long before it runs out, so an image never fails to load mid-view. */
const RENEW_BEFORE_MS = 10 * 60 * 1000;

type Signed = { url: string; expiresAt: number };
const signedLinks = new Map<string, Signed>();

/** The media library's bucket, or the public's uploads (a progress photo a member moderates). */
export type SignedBucket = typeof MEDIA_BUCKET | 'campaign-uploads';

/**
 * Links to private objects, one request for every path not already signed (the bucket stays
 * private, so a page shows files only through links that run out). Links last an hour and are
 * reused for 50 minutes across screens and the picker.
 */
export async function signMediaPaths(
  paths: readonly string[],
  bucket: SignedBucket = MEDIA_BUCKET,
): Promise<Map<string, string>> {
  const now = Date.now();
  const remembered = (path: string) => signedLinks.get(`${bucket}/${path}`);
  const missing = [...new Set(paths)].filter(
    (path) => (remembered(path)?.expiresAt ?? 0) - RENEW_BEFORE_MS <= now,
  );
  if (missing.length > 0) {
    const storage = await supabase.storage();
    const signed = present(
      unwrap(await storage.from(bucket).createSignedUrls(missing, DISPLAY_LINK_SECONDS)),
    );
    const expiresAt = now + DISPLAY_LINK_SECONDS * 1000;
    for (const { path, signedUrl } of signed) {
      if (path && signedUrl) signedLinks.set(`${bucket}/${path}`, { url: signedUrl, expiresAt });
    }
  }
  const links = new Map<string, string>();
  for (const path of paths) {
    const link = remembered(path);
    if (link) links.set(path, link.url);
  }
  return links;
}

/** Links for the paths on screen: path → URL, the previous set kept while a new page signs. */
export function useSignedMediaUrls(
  paths: readonly (string | null | undefined)[],
  bucket: SignedBucket = MEDIA_BUCKET,
) {
  const wanted = [...new Set(paths.filter((path): path is string => Boolean(path)))].sort();
  const { data } = useQuery({
    queryKey: mediaKeys.signedUrls(bucket === MEDIA_BUCKET ? wanted : [bucket, ...wanted]),
    queryFn: () => signMediaPaths(wanted, bucket),
    enabled: wanted.length > 0,
    staleTime: DISPLAY_LINK_SECONDS * 1000 - RENEW_BEFORE_MS,
    placeholderData: keepPreviousData,
  });
  return data ?? new Map<string, string>();
}

/** Clears remembered links (tests; after sign-out the next user signs their own). */
export function forgetSignedMediaUrls() {
  signedLinks.clear();
}

import { useEffect, useState } from 'react';
import { type PublicMediaBucket, signPublicMedia } from './public-storage';

/**
 * How often a shown link is renewed: the server issues links for 15 minutes, and a page left open
 * (a background picture re-fetched after the cache drops it, a video seeking) needs a live one.
 */
export const PUBLIC_MEDIA_RENEW_MS = 12 * 60 * 1000;

/**
 * A file's link for this page (the library's, or the `bucket` of the public's uploads), issued by the server and renewed while the page shows it
 * (null while it is issued, or when it may not be shown).
 */
export function useSignedUrl(path: string | null | undefined, bucket?: PublicMediaBucket): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const issue = () =>
      void signPublicMedia(path, controller.signal, bucket).then((signed) => {
        if (!controller.signal.aborted) setUrl(signed);
      });
    issue();
    const renewal = setInterval(issue, PUBLIC_MEDIA_RENEW_MS);
    return () => {
      clearInterval(renewal);
      controller.abort();
    };
  }, [path, bucket]);
  return path ? url : null;
}

/**
 * Links for several files at once (a page's pictures), by path, renewed as useSignedUrl renews one;
 * a path is absent while its link is issued, null when it may not be shown.
 */
export function useSignedUrls(
  paths: readonly (string | null | undefined)[],
): ReadonlyMap<string, string | null> {
  const key = [...new Set(paths.filter((path): path is string => Boolean(path)))].sort().join('\n');
  const [urls, setUrls] = useState<ReadonlyMap<string, string | null>>(new Map());
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const issue = () => {
      for (const path of key.split('\n')) {
        void signPublicMedia(path, controller.signal).then((signed) => {
          if (!controller.signal.aborted) setUrls((before) => new Map(before).set(path, signed));
        });
      }
    };
    issue();
    const renewal = setInterval(issue, PUBLIC_MEDIA_RENEW_MS);
    return () => {
      clearInterval(renewal);
      controller.abort();
    };
  }, [key]);
  return urls;
}

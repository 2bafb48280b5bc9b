import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../errors';
import { supabase } from '../supabase';
import { mediaKeys } from './keys';

/**
 * Signed URLs for objects in the private organizations-media bucket, until the media library's
 * version (same file, same hook) replaces it. One request for all paths; URLs live an hour and the
 * cache keeps them 50 minutes, so a URL on screen has not expired.
 */
const LIFETIME_SECONDS = 60 * 60;
const CACHE_MS = 50 * 60 * 1000;

export function useSignedMediaUrls(
  paths: readonly (string | null | undefined)[],
): Readonly<Record<string, string>> {
  const wanted = [...new Set(paths.filter((path): path is string => Boolean(path)))].sort();
  const { data } = useQuery({
    queryKey: mediaKeys.signedUrls(wanted),
    enabled: wanted.length > 0,
    staleTime: CACHE_MS,
    gcTime: CACHE_MS,
    queryFn: async () => {
      const storage = await supabase.storage();
      const { data: signed, error } = await storage
        .from('organizations-media')
        .createSignedUrls(wanted, LIFETIME_SECONDS);
      if (error) throw toAppError(error);
      return Object.fromEntries(
        signed.flatMap(({ path, signedUrl }) => (path && signedUrl ? [[path, signedUrl]] : [])),
      );
    },
  });
  return data ?? {};
}

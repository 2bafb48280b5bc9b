import { keyRoots } from '../api/key-roots';

/** The media library's cache entries, all under its root. */
export const mediaKeys = {
  all: keyRoots.media,
  signedUrls: (paths: readonly string[]) => [...keyRoots.media, 'signed-urls', paths] as const,
};

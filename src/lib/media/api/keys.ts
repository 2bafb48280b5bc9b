import { keyRoots } from '../../api/key-roots';
import type { MediaListFilter } from '../types';

/** The media library's query keys: one organization's list (per filter), an item's usages, signed links. */
export const mediaKeys = {
  all: keyRoots.media,
  lists: (organizationId: string) => [...mediaKeys.all, 'list', organizationId] as const,
  list: (organizationId: string, filter: MediaListFilter) =>
    [...mediaKeys.lists(organizationId), filter.type, filter.search] as const,
  usages: (mediaId: string) => [...mediaKeys.all, 'usages', mediaId] as const,
  signedUrls: (paths: readonly string[]) => [...mediaKeys.all, 'signed-urls', ...paths] as const,
};

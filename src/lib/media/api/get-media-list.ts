import { infiniteQueryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { present, type MediaListFilter } from '../types';
import { mediaKeys } from './keys';

export const MEDIA_PAGE_SIZE = 24;

/**
 * A search term safe inside PostgREST's `or=(…)` filter: its separators and wildcards dropped, so
 * what the user types is only ever matched, never read as filter syntax.
 */
export const searchTermOf = (search: string) =>
  search
    .replace(/[%*,()"\\:.]/g, ' ')
    .trim()
    .slice(0, 100);

/** One organization's media, newest first, a page at a time; by type and by words in the name or alt text. */
export function mediaListQueryOptions(organizationId: string, filter: MediaListFilter) {
  return infiniteQueryOptions({
    queryKey: mediaKeys.list(organizationId, filter),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      let query = supabase
        .from('organizations_media')
        .select('*')
        .eq('organization_id', organizationId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageParam, pageParam + MEDIA_PAGE_SIZE - 1);
      if (filter.type !== 'all') query = query.eq('type', filter.type);
      const term = searchTermOf(filter.search);
      if (term) query = query.or(`name.ilike.*${term}*,alt_text.ilike.*${term}*`);
      return present(unwrap(await query));
    },
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < MEDIA_PAGE_SIZE ? undefined : pages.length * MEDIA_PAGE_SIZE,
  });
}

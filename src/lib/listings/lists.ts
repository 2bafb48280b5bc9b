import { queryOptions } from '@tanstack/react-query';
import { keyRoots } from '../api/key-roots';
import { unwrap } from '../errors';
import { supabase } from '../supabase';

/*
 * The lists a listing's category and area come from (the database holds listings to them:
 * 20261124140000_listing_categories_and_areas.sql): one fixed list of areas, each marketplace's own
 * categories. The lead page's advertise form and the marketplace's filters both offer them, so they
 * live here rather than in either feature.
 */

export const listKeys = {
  areas: () => [...keyRoots.listingLists, 'areas'] as const,
  categories: (marketplaceId: string) => [...keyRoots.listingLists, 'categories', marketplaceId] as const,
};

/** «Hele landet» and the counties, in their own order. */
export const areasQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.areas(),
    queryFn: async (): Promise<string[]> =>
      (unwrap(await supabase.from('areas').select('name').order('position')) ?? []).map((row) => row.name),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The marketplace's categories, alphabetically. */
export const categoriesQueryOptions = (marketplaceId: string) =>
  queryOptions({
    queryKey: listKeys.categories(marketplaceId),
    queryFn: async (): Promise<string[]> =>
      (
        unwrap(
          await supabase.from('marketplace_categories').select('name').eq('marketplace_id', marketplaceId),
        ) ?? []
      )
        .map((row) => row.name)
        .sort((a, b) => a.localeCompare(b, 'nb')),
    staleTime: 5 * 60_000,
  });

/** The entry of `list` that `text` names but for case and spaces («rørlegger» → «Rørlegger»), else ''. */
export function matchListEntry(list: readonly string[], text: string | null | undefined): string {
  const wanted = (text ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');
  if (!wanted) return '';
  return list.find((entry) => entry.toLocaleLowerCase('nb') === wanted) ?? '';
}

import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { listKeys } from './keys';

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

import { queryOptions } from '@tanstack/react-query';
import { toAppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { PAGE_SIZE } from '../constants';
import type { ListingFilters, MarketplaceListing } from '../types';
import { marketplaceKeys } from './keys';

export const LISTING_COLUMNS =
  'id, lead_id, organization_id, marketplace_id, title, description, category, area, price_tickets, price_credits, price_ore, max_buyers, buyers_count, earlier_buyers, status, expires_at, created_at';

/** Active, unexpired listings of the marketplace, newest first, one page. */
export const marketplaceListingsQueryOptions = (marketplaceId: string, filters: ListingFilters) =>
  queryOptions({
    queryKey: marketplaceKeys.listings(marketplaceId, filters),
    queryFn: async (): Promise<{ listings: MarketplaceListing[]; count: number }> => {
      let query = supabase
        .from('advertised_leads')
        .select(LISTING_COLUMNS, { count: 'exact' })
        .eq('marketplace_id', marketplaceId)
        .eq('status', 'active')
        .gt('expires_at', new Date().toISOString());
      if (filters.category) query = query.eq('category', filters.category);
      if (filters.area) query = query.eq('area', filters.area);
      const from = (filters.page - 1) * PAGE_SIZE;
      const { data, error, count } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, from + PAGE_SIZE - 1);
      if (error) throw toAppError(error);
      return { listings: data ?? [], count: count ?? 0 };
    },
  });

/** One listing (a deep link); null when it is gone or no longer visible. */
export const marketplaceListingQueryOptions = (marketplaceId: string, listingId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.listing(marketplaceId, listingId),
    queryFn: async (): Promise<MarketplaceListing | null> =>
      unwrap(
        await supabase
          .from('advertised_leads')
          .select(LISTING_COLUMNS)
          .eq('id', listingId)
          .eq('marketplace_id', marketplaceId)
          .maybeSingle(),
      ),
  });

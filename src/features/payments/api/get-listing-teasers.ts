import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export type ListingTeaser = {
  id: string;
  title: string;
  category: string | null;
  area: string | null;
  priceOre: number;
  maxBuyers: number;
  buyersCount: number;
};
export type ListingTeasers = { openCount: number; listings: ListingTeaser[] };

/**
 * What a marketplace has for sale now, for an organization that cannot buy yet: the newest open
 * listings' teaser facts (marketplace_listing_teasers returns no contact data) and how many are open.
 */
export const listingTeasersQueryOptions = (marketplaceId: string, limit = 5) =>
  queryOptions({
    queryKey: paymentKeys.teasers(marketplaceId, limit),
    queryFn: async (): Promise<ListingTeasers> => {
      const rows =
        unwrap(
          await supabase.rpc('marketplace_listing_teasers', {
            input_marketplace_id: marketplaceId,
            input_limit: limit,
          }),
        ) ?? [];
      return {
        openCount: Number(rows[0]?.open_count ?? 0),
        listings: rows.map((row) => ({
          id: row.id,
          title: row.title,
          category: row.category,
          area: row.area,
          priceOre: row.price_ore,
          maxBuyers: row.max_buyers,
          buyersCount: row.buyers_count,
        })),
      };
    },
  });

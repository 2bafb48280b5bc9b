import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { oneOf } from '@/lib/one-of';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';

/** advertised_leads.status, as its check constraint allows (migration 20261122100500_leads.sql). */
export const LISTING_STATUSES = ['active', 'paused', 'withdrawn', 'sold_out'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export type Listing = {
  id: string;
  marketplaceId: string;
  marketplaceName: string;
  title: string;
  description: string | null;
  category: string | null;
  area: string | null;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  maxBuyers: number;
  buyersCount: number;
  /** Buyers of the lead through its other listings when this one opened (supply.ts). */
  earlierBuyers: number;
  status: ListingStatus;
  expiresAt: string;
  createdAt: string;
};

export const leadListingsQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.listings(leadId),
    queryFn: async (): Promise<Listing[]> => {
      const rows = unwrap(
        await supabase
          .from('advertised_leads')
          .select(
            'id, marketplace_id, title, description, category, area, price_tickets, price_credits, price_ore, max_buyers, buyers_count, earlier_buyers, status, expires_at, created_at, marketplace:marketplaces(name)',
          )
          .eq('lead_id', leadId)
          .order('created_at', { ascending: false }),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        marketplaceId: row.marketplace_id,
        marketplaceName: row.marketplace?.name ?? '',
        title: row.title,
        description: row.description,
        category: row.category,
        area: row.area,
        priceTickets: row.price_tickets,
        priceCredits: row.price_credits,
        priceOre: row.price_ore,
        maxBuyers: row.max_buyers,
        buyersCount: row.buyers_count,
        earlierBuyers: row.earlier_buyers,
        status: oneOf(LISTING_STATUSES, row.status),
        expiresAt: row.expires_at,
        createdAt: row.created_at,
      }));
    },
  });

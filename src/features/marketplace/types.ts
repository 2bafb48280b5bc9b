import type { Tables } from '@/lib/database.types';

export type ListingFilters = { category: string; area: string; page: number };

/** A listing as the marketplace shows it: the teaser, prices and how many bought it. */
export type MarketplaceListing = Pick<
  Tables<'advertised_leads'>,
  | 'id'
  | 'lead_id'
  | 'organization_id'
  | 'marketplace_id'
  | 'title'
  | 'description'
  | 'category'
  | 'area'
  | 'price_tickets'
  | 'price_credits'
  | 'price_ore'
  | 'max_buyers'
  | 'buyers_count'
  | 'earlier_buyers'
  | 'status'
  | 'expires_at'
  | 'created_at'
>;

export type Marketplace = Pick<Tables<'marketplaces'>, 'id' | 'name' | 'owner_id'>;

import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { OWNER_LISTINGS_LIMIT } from '../constants';
import type { MarketplaceListing } from '../types';
import { LISTING_COLUMNS } from './get-listings';
import { marketplaceKeys } from './keys';

export type OwnerMember = {
  organizationId: string;
  /** null when RLS hides the organization from the marketplace owner (organizations policy). */
  name: string | null;
  joinedAt: string;
  plan: MarketplacePlan | null;
  /** Listings of the member among the loaded ones, and their sold slots. */
  listings: number;
  sold: number;
};
export type OwnerListing = MarketplaceListing;
export type SalesMonth = {
  month: string;
  purchases: number;
  tickets: number;
  credits: number;
  amount_ore: number;
};
export type OwnerOverview = {
  members: OwnerMember[];
  listings: OwnerListing[];
  sales: SalesMonth[];
  hosts: string[];
};

export const ownerOverviewQueryOptions = (marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.owner(marketplaceId),
    queryFn: async (): Promise<OwnerOverview> => {
      const [members, listings, sales, hosts, plans] = await Promise.all([
        supabase
          .from('marketplaces_organizations')
          .select('organization_id, created_at, organization:organizations(name)')
          .eq('marketplace_id', marketplaceId)
          .order('created_at', { ascending: false }),
        supabase
          .from('advertised_leads')
          .select(LISTING_COLUMNS)
          .eq('marketplace_id', marketplaceId)
          .order('created_at', { ascending: false })
          .limit(OWNER_LISTINGS_LIMIT),
        supabase.rpc('marketplace_sales', { input_marketplace_id: marketplaceId }),
        supabase.from('marketplaces_urls').select('url').eq('marketplace_id', marketplaceId).order('url'),
        supabase
          .from('organizations_marketplaces_configs')
          .select('organization_id, plan')
          .eq('marketplace_id', marketplaceId),
      ]);
      const listingRows: OwnerListing[] = unwrap(listings) ?? [];
      const planOf = new Map((unwrap(plans) ?? []).map((row) => [row.organization_id, row.plan]));
      const ofMember = (organizationId: string) =>
        listingRows.filter((listing) => listing.organization_id === organizationId);
      return {
        members: (unwrap(members) ?? []).map((row) => ({
          organizationId: row.organization_id,
          name: row.organization?.name ?? null,
          joinedAt: row.created_at,
          plan: planOf.get(row.organization_id) ?? null,
          listings: ofMember(row.organization_id).length,
          sold: ofMember(row.organization_id).reduce((sum, listing) => sum + listing.buyers_count, 0),
        })),
        listings: listingRows,
        sales: unwrap(sales) ?? [],
        hosts: (unwrap(hosts) ?? []).map((row) => row.url),
      };
    },
  });

import { keyRoots } from '@/lib/api/key-roots';
import type { ListingFilters } from '../types';

/** The marketplace screens (leads-marketplace, leads-marketplace-other, leads-marketplace-admin). */
export const marketplaceKeys = {
  all: keyRoots.marketplace,
  marketplace: (marketplaceId: string) => [...keyRoots.marketplace, marketplaceId] as const,
  listings: (marketplaceId: string, filters: ListingFilters) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'listings', filters] as const,
  listing: (marketplaceId: string, listingId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'listing', listingId] as const,
  plan: (organizationId: string, marketplaceId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'plan', organizationId] as const,
  purchases: (organizationId: string, marketplaceId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'purchases', organizationId] as const,
  owner: (marketplaceId: string) => [...marketplaceKeys.marketplace(marketplaceId), 'owner'] as const,
  /** Under the owner key, so a change that refreshes the owner view refreshes the members too. */
  members: (marketplaceId: string) => [...marketplaceKeys.owner(marketplaceId), 'members'] as const,
};

import { keyRoots } from '../../api/key-roots';

/**
 * The query keys of the account domain. Apart from the operations, so the start-up code that only
 * clears or names them (auth events, the guard's refresh) does not load the database client.
 */
export const accountKeys = {
  all: keyRoots.account,
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
  organizations: (userId: string) => [...accountKeys.all, 'organizations', userId] as const,
  hostMarketplace: (hostname: string) => [...keyRoots.marketplaceHost, hostname] as const,
  marketplaceHosts: (organizationId: string) =>
    [...accountKeys.all, 'marketplace-hosts', organizationId] as const,
  marketplaceStatus: (organizationId: string, marketplaceId: string) =>
    [...accountKeys.all, 'marketplace-status', organizationId, marketplaceId] as const,
  /** Every marketplace status of an organization (after a plan or membership change). */
  marketplaceStatuses: (organizationId: string) =>
    [...accountKeys.all, 'marketplace-status', organizationId] as const,
};

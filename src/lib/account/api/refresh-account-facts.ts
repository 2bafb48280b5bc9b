import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from './get-profile';
import { accountKeys } from './keys';

/**
 * The account facts the guard chain reads before every navigation, and what a write changed:
 * - `profile`: the user's profile (pass the new one when the write returned it);
 * - `organizations`: the user's memberships and last chosen organization;
 * - `marketplaceStatus`: an organization's standing on one marketplace, or on all of them
 *   (membership, plan, whether a card is needed first).
 */
export type AccountFactsChange = {
  profile?: { userId: string; saved?: Profile };
  organizations?: { userId: string };
  marketplaceStatus?: { organizationId: string; marketplaceId?: string };
};

/**
 * The one place that knows how the guard caches account facts. The guard reads them with
 * `ensureQueryData`, which returns cached data however stale, so marking them stale is not enough:
 * every matching entry — shown on screen or not — is read again before this resolves, and the next
 * navigation's guard sees the new facts. Mutation hooks that change a fact call this.
 */
export async function refreshAccountFacts(queryClient: QueryClient, change: AccountFactsChange) {
  const { profile, organizations, marketplaceStatus } = change;
  if (profile?.saved) queryClient.setQueryData(accountKeys.profile(profile.userId), profile.saved);
  const keys = [
    profile && accountKeys.profile(profile.userId),
    organizations && accountKeys.organizations(organizations.userId),
    marketplaceStatus &&
      (marketplaceStatus.marketplaceId
        ? accountKeys.marketplaceStatus(marketplaceStatus.organizationId, marketplaceStatus.marketplaceId)
        : accountKeys.marketplaceStatuses(marketplaceStatus.organizationId)),
  ].filter((key) => key !== undefined);
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })));
}

/**
 * Every account fact marked stale, for when the user or their organization changed as a whole (the
 * user was updated, another organization was chosen): screens showing one read it again, and the
 * guard reads anew whatever it has not cached.
 */
export function invalidateAccountFacts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

import type { QueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { toAppError } from '@/lib/errors';
import { currentHostname } from '@/lib/host';
import { auth } from '@/lib/supabase-auth';
import type { SessionFacts } from './guard-chain';
import type { GuardEffects } from './run-guards';

/**
 * The account reads and writes, with the database client they need, load with the first check of
 * a signed-in user: a visitor's page (/auth) renders without them (docs/performance.md).
 */
const loadAccount = () => import('./account-operations');
let accountModules: ReturnType<typeof loadAccount> | undefined;

/** Starts loading the account reads early (start-up calls this when a session is stored). */
export function account() {
  accountModules ??= loadAccount().catch((error: unknown) => {
    accountModules = undefined; // the next check tries again
    throw error;
  });
  return accountModules;
}

export async function loadSessionFacts(): Promise<SessionFacts | null> {
  const { data, error } = await auth.getSession();
  if (error) throw toAppError(error);
  const user = data.session?.user;
  if (!user) return null;
  const metadata = user.user_metadata as { full_name?: unknown; picture?: unknown };
  // Decoded from the access token; no request.
  const level = await auth.mfa.getAuthenticatorAssuranceLevel();
  return {
    userId: user.id,
    email: user.email ?? null,
    emailConfirmed: Boolean(user.email_confirmed_at),
    fullName: typeof metadata.full_name === 'string' ? metadata.full_name : null,
    picture: typeof metadata.picture === 'string' ? metadata.picture : null,
    assuranceLevel: level.data?.currentLevel === 'aal1' ? 'aal1' : 'aal2',
    hasVerifiedFactor: (user.factors ?? []).some((factor) => factor.status === 'verified'),
  };
}

/** The real effects: reads through the query cache (shared with the screens), writes through supabase. */
export function createGuardEffects(queryClient: QueryClient): GuardEffects {
  return {
    loadSession: loadSessionFacts,
    loadProfile: async (userId) => {
      const { profileQueryOptions } = await account();
      return (await queryClient.ensureQueryData(profileQueryOptions(userId))) !== null;
    },
    loadOrganizations: async (userId) => {
      const { organizationsQueryOptions } = await account();
      const organizations = await queryClient.ensureQueryData(organizationsQueryOptions(userId));
      return {
        memberOf: organizations.memberships.map((membership) => membership.organizationId),
        lastSelectedId: organizations.lastSelectedId,
      };
    },
    loadMarketplace: async ({ organizationId, marketplaceId }) => {
      const { hostMarketplaceQueryOptions, marketplaceStatusQueryOptions } = await account();
      const id =
        marketplaceId ?? (await queryClient.ensureQueryData(hostMarketplaceQueryOptions(currentHostname())));
      if (!id) return { marketplaceId: null, isMember: false, paymentConfigured: false };
      const status = await queryClient.ensureQueryData(marketplaceStatusQueryOptions(organizationId, id));
      return {
        marketplaceId: id,
        isMember: status.isMember,
        paymentConfigured: status.paymentConfigured,
        needsPaymentSetup: status.needsPaymentSetup,
      };
    },
    perform: async (action, userId) => {
      const { createProfile, storeLastOrganization, joinMarketplace } = await account();
      switch (action.type) {
        case 'create-profile':
          await createProfile({ id: userId, name: action.name, img: action.img });
          await refreshAccountFacts(queryClient, { profile: { userId } });
          return;
        case 'select-organization':
          await storeLastOrganization(userId, action.organizationId);
          await refreshAccountFacts(queryClient, { organizations: { userId } });
          return;
        case 'join-marketplace':
          await joinMarketplace(action.marketplaceId, action.organizationId);
          await refreshAccountFacts(queryClient, {
            marketplaceStatus: { organizationId: action.organizationId, marketplaceId: action.marketplaceId },
          });
          return;
      }
    },
  };
}

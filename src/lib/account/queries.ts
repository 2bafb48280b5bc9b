import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '../database.types';
import { AppError, toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';
import { accountKeys } from './keys';

/**
 * Who the user is and where they belong: the reads the guard chain and the layouts share, so a
 * screen never fetches them twice. Features read the current organization through these too.
 */
export { accountKeys };

export type Profile = { id: string; name: string; img: string | null };

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: async (): Promise<Profile | null> =>
      unwrap(await supabase.from('profiles').select('id, name, img').eq('id', userId).maybeSingle()),
  });

export type Membership = { organizationId: string; name: string; role: string };
export type Organizations = { memberships: Membership[]; lastSelectedId: string | null };

export const organizationsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.organizations(userId),
    queryFn: async (): Promise<Organizations> => {
      const [members, config] = await Promise.all([
        supabase
          .from('organizations_members')
          .select('organization_id, role, organization:organizations(id, name)')
          .eq('member_id', userId)
          .order('organization_id'),
        // A user who never chose an organization has no users_configs row yet: an ordinary answer, not
        // the 406 (PGRST116) that .single() makes of it and the browser logs as a failed request.
        supabase.from('users_configs').select('last_organization_selected_id').eq('id', userId).maybeSingle(),
      ]);
      if (config.error) throw toAppError(config.error);
      return {
        memberships: (unwrap(members) ?? []).map((row) => ({
          organizationId: row.organization_id,
          name: row.organization?.name ?? '',
          role: row.role,
        })),
        lastSelectedId: config.data?.last_organization_selected_id ?? null,
      };
    },
  });

/** The marketplace a marketplace owner runs on this host name (marketplaces_urls). */
export const hostMarketplaceQuery = (hostname: string) =>
  queryOptions({
    queryKey: accountKeys.hostMarketplace(hostname),
    queryFn: async (): Promise<string | null> => {
      const row = unwrap(
        await supabase.from('marketplaces_urls').select('marketplace_id').eq('url', hostname).maybeSingle(),
      );
      return row?.marketplace_id ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The host names of the marketplaces an organization is on, in name order: where a host without a
 * marketplace of its own (the competition host) sends the user who asks for the marketplace.
 */
export const organizationMarketplaceHostsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: accountKeys.marketplaceHosts(organizationId),
    queryFn: async (): Promise<string[]> => {
      const memberships =
        unwrap(
          await supabase
            .from('marketplaces_organizations')
            .select('marketplace_id')
            .eq('organization_id', organizationId),
        ) ?? [];
      if (memberships.length === 0) return [];
      const urls =
        unwrap(
          await supabase
            .from('marketplaces_urls')
            .select('url')
            .in(
              'marketplace_id',
              memberships.map((row) => row.marketplace_id),
            )
            .order('url'),
        ) ?? [];
      return urls.map((row) => row.url);
    },
    staleTime: 5 * 60_000,
  });

/**
 * The organization's standing on a marketplace (guard rules 7 and 9), one round trip through
 * `marketplace_payment_status` (docs/data-model.md "Marketplace onboarding"): membership, plan, and
 * whether the plan needs a saved card first.
 */
export type MarketplaceStatus = {
  isMember: boolean;
  plan: MarketplacePlan | null;
  /** A plan is chosen and can be paid for. */
  paymentConfigured: boolean;
  /** The plan needs a saved card first (on_demand without one; tickets with neither tickets nor card). */
  needsPaymentSetup: boolean;
};

export const marketplaceStatusQuery = (organizationId: string, marketplaceId: string) =>
  queryOptions({
    queryKey: accountKeys.marketplaceStatus(organizationId, marketplaceId),
    queryFn: async (): Promise<MarketplaceStatus> => {
      const row = unwrap(
        await supabase
          .rpc('marketplace_payment_status', {
            input_organization_id: organizationId,
            input_marketplace_id: marketplaceId,
          })
          .single(),
      );
      if (!row) throw new AppError('not-found');
      const plan = (row.plan as MarketplacePlan | null) ?? null;
      return {
        isMember: row.is_member,
        plan,
        paymentConfigured: plan !== null && !row.needs_payment_setup,
        needsPaymentSetup: row.needs_payment_setup,
      };
    },
  });

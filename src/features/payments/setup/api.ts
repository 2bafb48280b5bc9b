import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { invokePaymentFunction } from '../card/functions';
import type { CardProvider } from '../card/types';

/**
 * /payments/setup (docs/payments.md «Screens», «payments-setup»). Keys start with ['payments', org],
 * so a saved or removed card refreshes the overview's payment data too (invalidate ['payments']).
 */
export const setupKeys = {
  all: ['payments'] as const,
  organization: (organizationId: string) => [...setupKeys.all, organizationId] as const,
  card: (organizationId: string) => [...setupKeys.organization(organizationId), 'card'] as const,
  plans: (organizationId: string) => [...setupKeys.organization(organizationId), 'plans'] as const,
  teasers: (marketplaceId: string) => [...setupKeys.all, 'teasers', marketplaceId] as const,
  setupIntent: (organizationId: string, attempt: number) =>
    [...setupKeys.organization(organizationId), 'setup-intent', attempt] as const,
};

/** Everything of the organization's payment data but the open SetupIntent (which must not refetch). */
export const organizationDataFilter = (organizationId: string) => ({
  queryKey: setupKeys.organization(organizationId),
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] !== 'setup-intent',
});

export type SavedCard = { brand: string; last4: string; expMonth: number | null; expYear: number | null };

/** The organization's saved card (organizations_payments_config); null when none is saved. */
export const savedCardQuery = (organizationId: string) =>
  queryOptions({
    queryKey: setupKeys.card(organizationId),
    queryFn: async (): Promise<SavedCard | null> => {
      const row = unwrap(
        await supabase
          .from('organizations_payments_config')
          .select('payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      // A saved card is a payment method (docs/data-model.md); brand and digits describe it.
      if (!row?.payment_method_id) return null;
      return {
        brand: row.card_brand ?? 'card',
        last4: row.card_last4 ?? '',
        expMonth: row.card_exp_month,
        expYear: row.card_exp_year,
      };
    },
  });

export type PlanPack = { id: string; tickets: number; priceOre: number };
export type MarketplacePlanRow = {
  marketplaceId: string;
  name: string;
  /** The on-demand price of a lead. */
  defaultPriceOre: number;
  /** What a lead costs in klipp by default (a pack's price per lead). */
  ticketsPerLead: number;
  plan: MarketplacePlan | null;
  /** The pack the organization chose to buy (organizations_marketplaces_configs.tickets_per_month). */
  ticketsPerMonth: number | null;
  /** The plan cannot buy a lead yet: on demand without a card, or klipp used up and no card. */
  needsPaymentSetup: boolean;
  packs: PlanPack[];
};

/** Every marketplace the organization belongs to, with its plan there and the marketplace's packs. */
export const plansQuery = (organizationId: string) =>
  queryOptions({
    queryKey: setupKeys.plans(organizationId),
    queryFn: async (): Promise<MarketplacePlanRow[]> => {
      const [memberships, configs] = await Promise.all([
        supabase
          .from('marketplaces_organizations')
          .select(
            'marketplace_id, marketplace:marketplaces(id, name, default_price_ore, default_price_tickets)',
          )
          .eq('organization_id', organizationId)
          .order('created_at'),
        supabase
          .from('organizations_marketplaces_configs')
          .select('marketplace_id, plan, tickets_per_month')
          .eq('organization_id', organizationId),
      ]);
      const rows = unwrap(memberships) ?? [];
      const ids = rows.map((row) => row.marketplace_id);
      const packs = ids.length
        ? (unwrap(
            await supabase
              .from('marketplaces_ticket_packs')
              .select('id, marketplace_id, tickets, price_ore')
              .in('marketplace_id', ids)
              .eq('active', true)
              .order('sort_order')
              .order('tickets'),
          ) ?? [])
        : [];
      const configOf = new Map((unwrap(configs) ?? []).map((config) => [config.marketplace_id, config]));
      // The guard's own fact (marketplace_payment_status), so the page says why it sent the user here.
      const statuses = await Promise.all(
        ids.map(async (marketplaceId) => {
          const status = unwrap(
            await supabase
              .rpc('marketplace_payment_status', {
                input_organization_id: organizationId,
                input_marketplace_id: marketplaceId,
              })
              .maybeSingle(),
          );
          return [marketplaceId, status?.needs_payment_setup ?? false] as const;
        }),
      );
      const needsSetup = new Map(statuses);
      return rows.map((row) => {
        const marketplace = row.marketplace as {
          name: string;
          default_price_ore: number;
          default_price_tickets: number;
        } | null;
        const config = configOf.get(row.marketplace_id);
        return {
          marketplaceId: row.marketplace_id,
          name: marketplace?.name ?? '',
          defaultPriceOre: marketplace?.default_price_ore ?? 0,
          ticketsPerLead: marketplace?.default_price_tickets ?? 0,
          plan: config?.plan ?? null,
          ticketsPerMonth: config?.tickets_per_month ?? null,
          needsPaymentSetup: needsSetup.get(row.marketplace_id) ?? false,
          packs: packs
            .filter((pack) => pack.marketplace_id === row.marketplace_id)
            .map((pack) => ({ id: pack.id, tickets: pack.tickets, priceOre: pack.price_ore })),
        };
      });
    },
  });

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
export const teasersQuery = (marketplaceId: string, limit = 5) =>
  queryOptions({
    queryKey: [...setupKeys.teasers(marketplaceId), limit],
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

/** The organization's plan on a marketplace (owners and admins; RLS decides). */
export async function savePlan(input: {
  organizationId: string;
  marketplaceId: string;
  plan: MarketplacePlan;
  ticketsPerMonth: number | null;
}) {
  unwrap(
    await supabase.from('organizations_marketplaces_configs').upsert(
      {
        organization_id: input.organizationId,
        marketplace_id: input.marketplaceId,
        plan: input.plan,
        tickets_per_month: input.plan === 'tickets' ? input.ticketsPerMonth : null,
      },
      { onConflict: 'organization_id,marketplace_id' },
    ),
  );
}

export type SetupStart = {
  provider: CardProvider;
  publishableKey: string | null;
  setupIntentId: string;
  clientSecret: string;
};

/**
 * A SetupIntent to save a card with (payments-setup `start`). A query, not a mutation: the screen
 * needs its provider before it can show the card fields; `attempt` asks for a new one after a decline.
 */
export const setupIntentQuery = (organizationId: string, attempt: number) =>
  queryOptions({
    queryKey: setupKeys.setupIntent(organizationId, attempt),
    queryFn: () => invokePaymentFunction<SetupStart>('payments-setup', { action: 'start', organizationId }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export type SetupComplete =
  | { status: 'succeeded'; card: { brand: string; last4: string; expMonth: number; expYear: number } }
  | { status: 'requires_action'; clientSecret: string };

export function completeSetup(organizationId: string, setupIntentId: string) {
  return invokePaymentFunction<SetupComplete>('payments-setup', {
    action: 'complete',
    organizationId,
    setupIntentId,
  });
}

export function removeCard(organizationId: string) {
  return invokePaymentFunction<{ removed: boolean }>('payments-setup', { action: 'remove', organizationId });
}

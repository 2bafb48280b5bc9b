import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

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

/** The guard's own fact (marketplace_payment_status), so the page says why it sent the user here. */
async function needsPaymentSetup(organizationId: string, marketplaceId: string) {
  const status = unwrap(
    await supabase
      .rpc('marketplace_payment_status', {
        input_organization_id: organizationId,
        input_marketplace_id: marketplaceId,
      })
      .maybeSingle(),
  );
  return [marketplaceId, status?.needs_payment_setup ?? false] as const;
}

/** Every marketplace the organization belongs to, with its plan there and the marketplace's packs. */
export const planChoicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: paymentKeys.planChoices(organizationId),
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
      const needsSetup = new Map(await Promise.all(ids.map((id) => needsPaymentSetup(organizationId, id))));
      return rows.map((row) => {
        const config = configOf.get(row.marketplace_id);
        return {
          marketplaceId: row.marketplace_id,
          name: row.marketplace?.name ?? '',
          defaultPriceOre: row.marketplace?.default_price_ore ?? 0,
          ticketsPerLead: row.marketplace?.default_price_tickets ?? 0,
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

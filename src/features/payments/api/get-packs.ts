import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { packValue, type PackValue } from '@/lib/pricing';
import { supabase } from '@/lib/supabase';
import type { MarketplacePlan } from './get-plans';
import { paymentKeys } from './keys';

export type PackKind = 'tickets' | 'credits';

export type Pack = {
  id: string;
  kind: PackKind;
  marketplaceId: string;
  marketplaceName: string;
  /** Tickets or credits in the pack. */
  amount: number;
  /** Eks. mva; the card pays it plus 25 % MVA (src/lib/pricing.ts). */
  priceOre: number;
  /** What a lead costs from this pack and the saving on buying on demand. */
  value: PackValue | null;
};

/** A marketplace's on-demand prices, embedded with each pack: what a lead costs from it. */
type DefaultPrices = {
  default_price_ore: number;
  default_price_tickets: number;
  default_price_credits: number;
} | null;

const valueOf = (priceOre: number, units: number, prices: DefaultPrices, kind: PackKind) =>
  packValue({
    priceOre,
    units,
    unitsPerLead: kind === 'tickets' ? prices?.default_price_tickets : prices?.default_price_credits,
    onDemandOre: prices?.default_price_ore,
  });

/** The active ticket and credit packs of the organization's marketplaces, in the marketplaces' order. */
export const packsQueryOptions = (organizationId: string, marketplaces: readonly MarketplacePlan[]) =>
  queryOptions({
    queryKey: paymentKeys.packs(
      organizationId,
      marketplaces.map((item) => item.marketplaceId),
    ),
    queryFn: async (): Promise<Pack[]> => {
      const ids = marketplaces.map((item) => item.marketplaceId);
      if (ids.length === 0) return [];
      const names = new Map(marketplaces.map((item) => [item.marketplaceId, item.name]));
      const [tickets, credits] = await Promise.all([
        supabase
          .from('marketplaces_ticket_packs')
          .select(
            'id, marketplace_id, tickets, price_ore, sort_order, marketplace:marketplaces(default_price_ore, default_price_tickets, default_price_credits)',
          )
          .in('marketplace_id', ids)
          .eq('active', true)
          .order('sort_order')
          .order('tickets'),
        supabase
          .from('marketplaces_credit_packs')
          .select(
            'id, marketplace_id, credits, price_ore, sort_order, marketplace:marketplaces(default_price_ore, default_price_tickets, default_price_credits)',
          )
          .in('marketplace_id', ids)
          .eq('active', true)
          .order('sort_order')
          .order('credits'),
      ]);
      const order = (id: string) => ids.indexOf(id);
      const packs: Pack[] = [
        ...(unwrap(tickets) ?? []).map((row) => ({
          id: row.id,
          kind: 'tickets' as const,
          marketplaceId: row.marketplace_id,
          marketplaceName: names.get(row.marketplace_id) ?? '',
          amount: row.tickets,
          priceOre: row.price_ore,
          value: valueOf(row.price_ore, row.tickets, row.marketplace, 'tickets'),
        })),
        ...(unwrap(credits) ?? []).map((row) => ({
          id: row.id,
          kind: 'credits' as const,
          marketplaceId: row.marketplace_id,
          marketplaceName: names.get(row.marketplace_id) ?? '',
          amount: row.credits,
          priceOre: row.price_ore,
          value: valueOf(row.price_ore, row.credits, row.marketplace, 'credits'),
        })),
      ];
      // Stable: within a marketplace and kind the database's order stays.
      return packs.sort((a, b) => order(a.marketplaceId) - order(b.marketplaceId));
    },
  });

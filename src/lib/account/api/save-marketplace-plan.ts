import type { MarketplacePlan } from '../../database.types';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';

/**
 * The organization's plan on a marketplace (owners and admins; RLS decides). A ticket count only
 * belongs to the tickets plan. Onboarding chooses it; the payment settings change it.
 */
export async function saveMarketplacePlan(input: {
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

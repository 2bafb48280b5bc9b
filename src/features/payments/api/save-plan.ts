import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketplacePlan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { refreshPaymentData } from './refresh-payment-data';

export type SavePlanInput = {
  organizationId: string;
  marketplaceId: string;
  plan: MarketplacePlan;
  ticketsPerMonth: number | null;
};

/** The organization's plan on a marketplace (owners and admins; RLS decides). */
async function savePlan(input: SavePlanInput) {
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

/** Saves a plan; whether the organization needs a card first may have changed with it. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: (_, input) => refreshPaymentData(queryClient, input.organizationId),
  });
}

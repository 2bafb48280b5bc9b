import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMarketplacePlan } from '@/lib/account/api/save-marketplace-plan';
import type { MarketplacePlan } from '@/lib/database.types';
import { refreshPaymentData } from './refresh-payment-data';

export type SavePlanInput = {
  organizationId: string;
  marketplaceId: string;
  plan: MarketplacePlan;
  ticketsPerMonth: number | null;
};

/** Saves a plan; whether the organization needs a card first may have changed with it. */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketplacePlan,
    onSuccess: (_, input) => refreshPaymentData(queryClient, input.organizationId),
  });
}

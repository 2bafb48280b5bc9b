import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinMarketplace } from '@/lib/account/api/join-marketplace';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { saveMarketplacePlan } from '@/lib/account/api/save-marketplace-plan';
import type { MarketplacePlan } from '@/lib/database.types';

type PlanInput = {
  organizationId: string;
  marketplaceId: string;
  /** Not yet a member: the organization joins the marketplace first. */
  join: boolean;
  plan: MarketplacePlan;
  /** The chosen pack's size per month (tickets only). */
  ticketsPerMonth: number | null;
};

/** The organization's plan on a marketplace, joining it on the way when needed. */
async function choosePlan(input: PlanInput) {
  if (input.join) await joinMarketplace(input.marketplaceId, input.organizationId);
  await saveMarketplacePlan(input);
}

/** The guard reads the new plan (and whether it needs a card first) on the next navigation. */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: (_data, { organizationId, marketplaceId }) =>
      refreshAccountFacts(queryClient, { marketplaceStatus: { organizationId, marketplaceId } }),
  });
}

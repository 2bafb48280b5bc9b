import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '../../database.types';
import { AppError, unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { accountKeys } from './keys';

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

export const marketplaceStatusQueryOptions = (organizationId: string, marketplaceId: string) =>
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

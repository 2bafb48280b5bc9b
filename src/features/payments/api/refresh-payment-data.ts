import type { QueryClient } from '@tanstack/react-query';
import { refreshAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { balanceKey } from '@/lib/organization-payments/api/keys';
import { paymentKeys } from './keys';

/**
 * After a write that changed what an organization can pay with or buys (its card, a plan, a pack):
 * its payment data on both pages, its balance, and the marketplace status the guard reads (whether
 * a card is needed first) — read again before the next navigation.
 */
export async function refreshPaymentData(queryClient: QueryClient, organizationId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentKeys.organization(organizationId) }),
    queryClient.invalidateQueries({ queryKey: balanceKey(organizationId) }),
    refreshAccountFacts(queryClient, { marketplaceStatus: { organizationId } }),
  ]);
}

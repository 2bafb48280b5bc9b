import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

/** The organization's own payment account, as payments-connect and the webhook stored it. */
export type SellerAccount = {
  provider: 'stripe' | 'local';
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
};

/** Where the account stands: the panel's status words. */
export type SellerAccountStatus = 'not-connected' | 'pending' | 'ready';

export function sellerAccountStatus(account: SellerAccount | null): SellerAccountStatus {
  if (!account) return 'not-connected';
  return account.chargesEnabled ? 'ready' : 'pending';
}

export type SellerAccountRow = {
  provider: string;
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
};

export function sellerAccountOfRow(row: SellerAccountRow | null): SellerAccount | null {
  if (!row) return null;
  return {
    provider: row.provider === 'local' ? 'local' : 'stripe',
    accountId: row.account_id,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    detailsSubmitted: row.details_submitted,
  };
}

/** seller_accounts (members read it; RLS); null when the organization has not connected one. */
export const sellerAccountQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: paymentKeys.sellerAccount(organizationId),
    queryFn: async (): Promise<SellerAccount | null> =>
      sellerAccountOfRow(
        unwrap(
          await supabase
            .from('seller_accounts')
            .select('provider, account_id, charges_enabled, payouts_enabled, details_submitted')
            .eq('organization_id', organizationId)
            .maybeSingle(),
        ),
      ),
  });

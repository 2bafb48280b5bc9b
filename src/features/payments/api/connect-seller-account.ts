import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { SellerAccount } from './get-seller-account';
import { paymentKeys } from './keys';
import { PAYMENT_FUNCTION_CODES } from './payment-function-codes';

type ConnectAnswer = { url: string; account: SellerAccount };

/**
 * «Koble til Stripe» / «Fortsett registreringen» (payments-connect `start`): the account, created once,
 * and a single-use link to Stripe's registration, which the panel opens at once.
 */
export function useStartSellerAccount(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      invokeFunction<ConnectAnswer>(
        'payments-connect',
        { action: 'start', organizationId },
        { codes: PAYMENT_FUNCTION_CODES },
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(paymentKeys.sellerAccount(organizationId), answer.account),
  });
}

/** Back from Stripe (or «Sjekk status»): payments-connect `refresh` asks Stripe and stores the state. */
export function useRefreshSellerAccount(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      invokeFunction<{ account: SellerAccount | null }>(
        'payments-connect',
        { action: 'refresh', organizationId },
        { codes: PAYMENT_FUNCTION_CODES },
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(paymentKeys.sellerAccount(organizationId), answer.account),
  });
}

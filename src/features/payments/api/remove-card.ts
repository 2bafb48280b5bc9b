import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { paymentKeys } from './keys';
import { PAYMENT_FUNCTION_CODES } from './payment-function-codes';
import { refreshPaymentData } from './refresh-payment-data';

/** «Fjern kort» (payments-setup `remove`): no card shows at once, and the guard reads the status again. */
export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      invokeFunction<{ removed: boolean }>(
        'payments-setup',
        { action: 'remove', organizationId },
        { codes: PAYMENT_FUNCTION_CODES },
      ),
    onSuccess: async (_, organizationId) => {
      queryClient.setQueryData(paymentKeys.savedCard(organizationId), null);
      await refreshPaymentData(queryClient, organizationId);
    },
  });
}

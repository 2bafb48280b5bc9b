import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { checkoutKeys } from './keys';

export interface RefundInput {
  orderId: string;
  /** In øre, at most what is left of the order. */
  amountOre: number;
  reason: string | null;
  /** One per refund the member meant: a retry of it never refunds twice. */
  requestId: string;
}

/** Refunds (part of) an order through the payment provider (owners and admins; checkout-orders). */
export function useRefundOrder(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) =>
      invokeFunction<{ order: unknown }>('checkout-orders', { action: 'refund', ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(checkoutId) }),
  });
}

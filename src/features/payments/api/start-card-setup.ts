import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { CardProvider } from '../types';
import { PAYMENT_FUNCTION_CODES } from './payment-function-codes';

export type SetupStart = {
  provider: CardProvider;
  publishableKey: string | null;
  setupIntentId: string;
  clientSecret: string;
};

/**
 * Opens a SetupIntent to save a card with (payments-setup `start`). A mutation, not a query: every
 * call makes a new intent at the provider, so nothing may repeat it behind the screen's back (a
 * refetch, an invalidation after a write); the card form asks for one when it opens and after a
 * declined attempt (a declined intent may not be confirmed again).
 */
export function useStartCardSetup() {
  return useMutation({
    mutationFn: (organizationId: string) =>
      invokeFunction<SetupStart>(
        'payments-setup',
        { action: 'start', organizationId },
        { codes: PAYMENT_FUNCTION_CODES },
      ),
  });
}

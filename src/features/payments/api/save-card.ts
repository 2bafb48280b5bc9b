import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { AppError } from '@/lib/errors';
import type { CardClient } from '../types';
import type { SavedCard } from './get-saved-card';
import { paymentKeys } from './keys';
import { PAYMENT_FUNCTION_CODES } from './payment-function-codes';
import { refreshPaymentData } from './refresh-payment-data';
import type { SetupStart } from './start-card-setup';

type SetupComplete =
  | { status: 'succeeded'; card: { brand: string; last4: string; expMonth: number; expYear: number } }
  | { status: 'requires_action'; clientSecret: string };

const completeSetup = (organizationId: string, setupIntentId: string) =>
  invokeFunction<SetupComplete>(
    'payments-setup',
    { action: 'complete', organizationId, setupIntentId },
    { codes: PAYMENT_FUNCTION_CODES },
  );

export type SaveCardInput = { organizationId: string; intent: SetupStart; client: CardClient };

/** The card fields confirm the SetupIntent, then payments-setup `complete` saves the card (3-D Secure between). */
async function saveCard({ organizationId, intent, client }: SaveCardInput): Promise<SavedCard> {
  const confirmed = await client.confirmSetup(intent.clientSecret);
  if ('error' in confirmed) throw new AppError(confirmed.error);
  for (let step = 0; step < 3; step++) {
    const done = await completeSetup(organizationId, intent.setupIntentId);
    if (done.status === 'succeeded') return done.card;
    const next = await client.handleNextAction(done.clientSecret, 'setup');
    if ('error' in next) throw new AppError(next.error);
  }
  throw new AppError('authentication_required');
}

/**
 * «Lagre kort»: the saved card shows at once, and the guard learns the organization can now buy.
 * `onSaved` runs here, not in `mutate`'s own callbacks: showing the saved card replaces the card
 * form, and a form that is gone no longer hears its mutation.
 */
export function useSaveCard({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    // The card form shows every failure itself, on the field or above the fields.
    meta: { silent: true },
    onSuccess: async (card, { organizationId }) => {
      queryClient.setQueryData(paymentKeys.savedCard(organizationId), card);
      await refreshPaymentData(queryClient, organizationId);
      onSaved();
    },
  });
}

import { AppError } from '@/lib/errors';
import { loadNamespaces } from '@/lib/i18n';
import type { CardClient, CardProvider } from '../types';

/**
 * The card client the server named (docs/payments.md «Screens»): Stripe Elements only when the
 * server says `stripe` (Stripe.js is imported here, lazily, and nowhere else), otherwise the local
 * test form. A new client per call: what is typed into its fields lives only as long as it.
 */
export async function loadCardClient(
  provider: CardProvider,
  publishableKey: string | null,
): Promise<CardClient> {
  await loadNamespaces('payments');
  if (provider === 'stripe') {
    if (!publishableKey) throw new AppError('api_error', { cause: 'no publishable key' });
    const { createStripeClient } = await import('./stripe-card-client');
    return createStripeClient(publishableKey);
  }
  const { createLocalClient } = await import('./local-card-client');
  return createLocalClient();
}

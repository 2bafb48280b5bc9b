import type { CardConfirmationRequest, CardOutcome } from '@/lib/card-confirmation';
import { loadCardClient } from './card-client';

/**
 * The confirmation step alone: src/app provides it to other features through
 * src/lib/card-confirmation. A module of its own on purpose — start-app importing the card module
 * itself (which the payment routes import too) made the bundler split shared code into many small
 * chunks, +4 KiB gzip on every route (measured with npm run budget).
 */
export async function confirmCardStep(request: CardConfirmationRequest): Promise<CardOutcome> {
  const client = await loadCardClient(request.provider, request.publishableKey);
  return client.handleNextAction(request.clientSecret);
}

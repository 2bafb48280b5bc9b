import type { CardErrorCode } from '../../supabase/functions/_shared/card-error-codes.ts';
import { AppError } from './errors';

/**
 * The card's confirmation step (3-D Secure) for screens outside the payments feature, e.g. the
 * marketplace's buy dialog when buy-lead answers `authentication_required` (docs/payments.md
 * «buy-lead»). Features do not import each other: src/app provides the payments feature's lazily
 * loaded card client here, so neither Stripe.js nor the local test form enters a screen's initial JS.
 */
export type { CardErrorCode };

/** What confirming a card step ended in (the CardClient's answer, docs/payments.md «Screens»). */
export type CardOutcome =
  { status: 'succeeded' | 'processing' | 'requires_action' } | { error: CardErrorCode };

export type CardConfirmationRequest = {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  clientSecret: string;
};

type Confirm = (request: CardConfirmationRequest) => Promise<CardOutcome>;

let provided: Confirm | null = null;

/** Called once by src/app at start-up (and by tests) with the payments feature's implementation. */
export function provideCardConfirmation(confirm: Confirm | null): void {
  provided = confirm;
}

/** Runs the bank's confirmation step for an intent the server left in `requires_action`. */
export function confirmCardStep(request: CardConfirmationRequest): Promise<CardOutcome> {
  if (!provided) return Promise.reject(new AppError('unknown', { cause: 'no card confirmation provided' }));
  return provided(request);
}

/**
 * The card codes a payment can fail with: what the payment functions answer and what the card
 * fields report (Stripe's names). The one list — the edge functions import it, and so does the
 * app's error catalogue (src/lib/errors.ts), which has a message for each code. Plain TypeScript
 * without Deno or browser APIs, so both the Deno functions and Vite can read it.
 */
export const CARD_ERROR_CODES = [
  'insufficient_funds',
  'expired_card',
  'card_declined',
  'authentication_required',
  'card_not_supported',
  'currency_not_supported',
  'processing_error',
  'rate_limit',
  'invalid_request_error',
  'api_error',
  'card_error',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_cvc',
  'incorrect_number',
  'incomplete_number',
  'incomplete_expiry',
  'incomplete_cvc',
] as const;

export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

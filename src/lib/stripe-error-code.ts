import { CARD_ERROR_CODES } from '../../supabase/functions/_shared/card-error-codes.ts';
import type { CardErrorCode } from './card-confirmation';

const cardCodes = new Set<string>(CARD_ERROR_CODES);

/** One of the card codes (CARD_ERROR_CODES): the payments screens and the public checkout read them. */
export function isCardErrorCode(value: unknown): value is CardErrorCode {
  return typeof value === 'string' && cardCodes.has(value);
}

/** Stripe's codes that mean one of ours under another name. */
const ALIASES: Record<string, CardErrorCode> = {
  incorrect_cvc: 'invalid_cvc',
  invalid_number: 'incorrect_number',
  invalid_expiry_year_past: 'invalid_expiry_year',
  invalid_expiry_month_past: 'invalid_expiry_month',
  incomplete_zip: 'card_error',
  payment_intent_authentication_failure: 'authentication_required',
  setup_intent_authentication_failure: 'authentication_required',
  generic_decline: 'card_declined',
  do_not_honor: 'card_declined',
  lost_card: 'card_declined',
  stolen_card: 'card_declined',
  fraudulent: 'card_declined',
};

const known = (value: string | undefined): CardErrorCode | null => {
  if (!value) return null;
  if (isCardErrorCode(value)) return value;
  return ALIASES[value] ?? null;
};

/** A Stripe.js error (`type`, `code`, `decline_code`) as one of our card codes (CARD_ERROR_CODES). */
export function stripeErrorCode(error: {
  type?: string;
  code?: string;
  decline_code?: string;
}): CardErrorCode {
  const byCode = known(error.decline_code) ?? known(error.code);
  if (byCode) return byCode;
  switch (error.type) {
    case 'card_error':
    case 'validation_error':
      return 'card_error';
    case 'rate_limit_error':
      return 'rate_limit';
    case 'invalid_request_error':
      return 'invalid_request_error';
    default:
      return 'api_error';
  }
}

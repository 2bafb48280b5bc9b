import type { AppErrorCode } from '@/lib/errors';

/**
 * What payments-setup and payments-local answer beside the card codes (docs/payments.md «Edge
 * functions»), as catalogue codes: the screens say «not signed in», «not found», «check and retry»
 * or «the payment service does not answer».
 */
export const PAYMENT_FUNCTION_CODES: Readonly<Record<string, AppErrorCode>> = {
  unauthorized: 'not-signed-in',
  'pack-not-found': 'not-found',
  'card-payment-not-found': 'not-found',
  'invalid-input': 'invalid_request_error',
  'payments-not-configured': 'api_error',
  // payments-connect: a local test account on a platform with Stripe (configuration, logged there).
  'seller-account-other-provider': 'api_error',
};

/**
 * Charging an organization's saved card (ARCHITECTURE §6 and §8; docs/lead-marketplace.md «buy-lead
 * function»). Functions depend on the `PaymentProvider` interface only; which provider runs is
 * configuration (`paymentProviderFromEnv`):
 *
 * - `STRIPE_SECRET_KEY` set → Stripe. The card-payments issue (8) supplies that implementation; until
 *   it lands every charge fails loudly (the function answers 500 and logs why) — never a silent local
 *   charge with a real key present.
 * - no key, on a local stack (SUPABASE_URL on localhost / 127.0.0.1 / the `supabase start` gateway
 *   `kong`) or with `PAYMENTS_PROVIDER=local` → the LOCAL provider below.
 * - no key anywhere else (production) → every charge fails loudly: a missing key is a configuration
 *   error, not a free lead.
 *
 * The local provider behaves like Stripe's documented test cards (https://docs.stripe.com/testing):
 * by the saved card's payment method id (`pm_card_visa`, `pm_card_chargeDeclined`,
 * `pm_card_authenticationRequired`, …) or, for other ids (the seed's `pm_demo…`), by the card's last
 * four digits as on Stripe's test card numbers (4242 succeeds, 0002 is declined, 3184 needs
 * authentication, …). An organization without a saved card fails with `card_error`. Like Stripe it
 * answers a repeated idempotency key with the first answer (and refuses the key with other
 * parameters, `invalid_request_error`).
 */
import type { Env } from './mailer.ts';

/** The card payment codes of the spec's error catalogue (§8); the UI has a message for each. */
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

export interface ChargeInput {
  /** The paying organization: its saved card (organizations_payments_config) is charged. */
  organizationId: string;
  /** In øre (NOK × 100), > 0. */
  amountOre: number;
  /** The same key never charges twice (Stripe's Idempotency-Key), e.g. `buy-lead:<purchase id>`. */
  idempotencyKey: string;
  /** Shown on the statement / in the dashboard. */
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  /** The bank wants the cardholder (3-D Secure): confirm on-session with Stripe.js and this secret. */
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'failed'; code: CardErrorCode; paymentId?: string };

export interface PaymentProvider {
  readonly name: 'local' | 'stripe' | 'unconfigured';
  /**
   * Charges the saved card off-session. Declines are a `failed` result, not an exception; an
   * exception means the outcome is unknown (network, configuration) — the caller releases what it
   * reserved and may retry with the same idempotency key. A repeated key never charges again and
   * reports the payment's CURRENT state (Stripe replays the first response, so the Stripe provider
   * retrieves the PaymentIntent it names: after on-session 3-D Secure it has succeeded).
   */
  chargeSavedCard(input: ChargeInput): Promise<ChargeResult>;
}

/** A Stripe error (`code`, `decline_code`) as one of the catalogue's codes. */
export function cardErrorCode(code: string | null | undefined, declineCode?: string | null): CardErrorCode {
  const known = (value: string | null | undefined): value is CardErrorCode =>
    (CARD_ERROR_CODES as readonly string[]).includes(value ?? '');
  if (known(declineCode)) return declineCode;
  if (code === 'incorrect_cvc') return 'invalid_cvc';
  if (code === 'invalid_number') return 'incorrect_number';
  if (code === 'amount_too_small' || code === 'idempotency_key_in_use') return 'invalid_request_error';
  if (known(code)) return code;
  return 'card_error';
}

/** The saved card as organizations_payments_config stores it (read with the service role). */
export interface SavedCard {
  paymentMethodId: string;
  last4: string | null;
}

/** Outcome of one of Stripe's test cards when charged off-session after it was saved. */
type TestOutcome =
  { status: 'succeeded' } | { status: 'requires_action' } | { status: 'failed'; code: CardErrorCode };

const SUCCEEDS: TestOutcome = { status: 'succeeded' };
const AUTHENTICATE: TestOutcome = { status: 'requires_action' };
const fails = (code: CardErrorCode): TestOutcome => ({ status: 'failed', code });

/** Stripe's test PaymentMethods (https://docs.stripe.com/testing), charged off-session. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestOutcome>> = {
  pm_card_visa: SUCCEEDS,
  pm_card_visa_debit: SUCCEEDS,
  pm_card_mastercard: SUCCEEDS,
  pm_card_mastercard_debit: SUCCEEDS,
  pm_card_mastercard_prepaid: SUCCEEDS,
  pm_card_amex: SUCCEEDS,
  pm_card_discover: SUCCEEDS,
  pm_card_diners: SUCCEEDS,
  pm_card_jcb: SUCCEEDS,
  pm_card_unionpay: SUCCEEDS,
  pm_card_no: SUCCEEDS,
  pm_card_noDebit: SUCCEEDS,
  pm_card_chargeDeclined: fails('card_declined'),
  pm_card_chargeDeclinedInsufficientFunds: fails('insufficient_funds'),
  pm_card_chargeDeclinedLostCard: fails('card_declined'),
  pm_card_chargeDeclinedStolenCard: fails('card_declined'),
  pm_card_chargeDeclinedFraudulent: fails('card_declined'),
  pm_card_chargeDeclinedExpiredCard: fails('expired_card'),
  pm_card_chargeDeclinedIncorrectCvc: fails('invalid_cvc'),
  pm_card_chargeDeclinedProcessingError: fails('processing_error'),
  pm_card_chargeDeclinedVelocityLimitExceeded: fails('card_declined'),
  pm_card_chargeCustomerFail: fails('card_declined'),
  pm_card_riskLevelHighest: fails('card_declined'),
  // 4000002760003184: every payment needs authentication, saved or not.
  pm_card_authenticationRequired: AUTHENTICATE,
  pm_card_threeDSecure2Required: AUTHENTICATE,
  // 4000002500003155: needs authentication on-session, but off-session charges after setup succeed.
  pm_card_authenticationRequiredOnSetup: SUCCEEDS,
  pm_card_authenticationRequiredSetupForOffSession: SUCCEEDS,
  // 4000008260003178: authentication, then declined for insufficient funds; off-session it asks first.
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: AUTHENTICATE,
};

/** The same cards by the last four digits of Stripe's test card numbers (for other payment method ids). */
export const TEST_CARD_LAST4: Readonly<Record<string, TestOutcome>> = {
  '0002': fails('card_declined'), // 4000000000000002
  '9995': fails('insufficient_funds'), // 4000000000009995
  '9987': fails('card_declined'), // 4000000000009987 lost card
  '9979': fails('card_declined'), // 4000000000009979 stolen card
  '0069': fails('expired_card'), // 4000000000000069
  '0127': fails('invalid_cvc'), // 4000000000000127
  '0119': fails('processing_error'), // 4000000000000119
  '0341': fails('card_declined'), // 4000000000000341 attaches, charges fail
  '0019': fails('card_declined'), // 4100000000000019 highest risk
  '3184': AUTHENTICATE, // 4000002760003184
  '3220': AUTHENTICATE, // 4000000000003220 3DS2 required
  '3178': AUTHENTICATE, // 4000008260003178
};

export interface LocalPaymentProviderOptions {
  /** The organization's saved card, or null when it has none. */
  savedCard(organizationId: string): Promise<SavedCard | null>;
  /** Payment ids (tests inject fixed ones). */
  newId?: () => string;
}

/** Stripe's test-mode behaviour without Stripe (see the top of this file). Keys live in memory. */
export function localPaymentProvider(options: LocalPaymentProviderOptions): PaymentProvider {
  const answers = new Map<string, { fingerprint: string; result: ChargeResult }>();
  const newId = options.newId ?? (() => `pi_local_${crypto.randomUUID().replaceAll('-', '')}`);
  return {
    name: 'local',
    async chargeSavedCard(input) {
      const fingerprint = JSON.stringify([input.organizationId, input.amountOre]);
      const previous = answers.get(input.idempotencyKey);
      if (previous) {
        return previous.fingerprint === fingerprint
          ? previous.result
          : { status: 'failed', code: 'invalid_request_error' };
      }
      const result = await charge(input);
      answers.set(input.idempotencyKey, { fingerprint, result });
      return result;
    },
  };

  async function charge(input: ChargeInput): Promise<ChargeResult> {
    const paymentId = newId();
    if (!Number.isInteger(input.amountOre) || input.amountOre <= 0) {
      return { status: 'failed', code: 'invalid_request_error', paymentId };
    }
    const card = await options.savedCard(input.organizationId);
    if (!card) return { status: 'failed', code: 'card_error', paymentId };
    const outcome =
      TEST_PAYMENT_METHODS[card.paymentMethodId] ?? TEST_CARD_LAST4[card.last4 ?? ''] ?? SUCCEEDS;
    if (outcome.status === 'succeeded') return { status: 'succeeded', paymentId };
    if (outcome.status === 'requires_action') {
      return { status: 'requires_action', paymentId, clientSecret: `${paymentId}_secret_local` };
    }
    return { status: 'failed', code: outcome.code, paymentId };
  }
}

/** A provider whose every charge throws `reason` (misconfiguration must be loud). */
export function failingPaymentProvider(reason: string): PaymentProvider {
  return {
    name: 'unconfigured',
    chargeSavedCard() {
      return Promise.reject(new Error(`payments: ${reason}`));
    },
  };
}

/** True when SUPABASE_URL points at a local stack (embedded platform or `supabase start`). */
export function isLocalStack(supabaseUrl: string | undefined): boolean {
  if (!supabaseUrl) return false;
  try {
    const host = new URL(supabaseUrl).hostname;
    return (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '127.0.0.1' ||
      host === '[::1]' ||
      host === 'kong' ||
      host === 'host.docker.internal'
    );
  } catch {
    return false;
  }
}

/** The provider the environment configures (see the top of this file). */
export function paymentProviderFromEnv(env: Env, local: LocalPaymentProviderOptions): PaymentProvider {
  if (env.get('STRIPE_SECRET_KEY')?.trim()) {
    return failingPaymentProvider(
      'STRIPE_SECRET_KEY is set but the Stripe provider is not implemented yet (issue 8)',
    );
  }
  const choice = env.get('PAYMENTS_PROVIDER')?.trim();
  if (choice === 'local' || (!choice && isLocalStack(env.get('SUPABASE_URL')))) {
    return localPaymentProvider(local);
  }
  return failingPaymentProvider(
    'no payment provider configured: set STRIPE_SECRET_KEY (or PAYMENTS_PROVIDER=local on a test stack)',
  );
}

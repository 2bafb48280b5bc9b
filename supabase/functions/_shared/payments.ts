/**
 * Card payments (docs/payments.md; docs/lead-marketplace.md «buy-lead function»). Functions depend on the `PaymentProvider` interface only; which provider runs is
 * configuration (`paymentProviderFromEnv` in payment-providers.ts):
 *
 * - `STRIPE_SECRET_KEY` set → Stripe (stripe-payments.ts, `npm:stripe`). The local provider is never
 *   used then.
 * - no key, on a local stack (SUPABASE_URL on localhost / 127.0.0.1 / the `supabase start` gateway
 *   `kong`) or with `PAYMENTS_PROVIDER=local` → the LOCAL provider (local-payments.ts): Stripe's
 *   documented test cards (https://docs.stripe.com/testing) against a store in the database.
 * - no key anywhere else (production) → every call fails loudly (`PaymentsNotConfiguredError`): a
 *   missing key is a configuration error, not a free lead.
 *
 * Saved cards keep their test behaviour: by the payment method id (`pm_card_visa`,
 * `pm_card_chargeDeclined`, `pm_card_authenticationRequired`, …, TEST_PAYMENT_METHODS) or, for other
 * ids (the seed's `pm_demo…`, the local provider's `pm_local_<last4>_…`), by the card's last four
 * digits as on Stripe's test card numbers (TEST_CARD_LAST4: 4242 succeeds, 0002 is declined, 3184
 * needs authentication, …).
 */

import { CARD_ERROR_CODES, type CardErrorCode } from './card-error-codes.ts';

export { CARD_ERROR_CODES, type CardErrorCode };

export interface ChargeInput {
  /** The paying organization: its saved card (organizations_payments_config) is charged. */
  organizationId: string;
  /** In øre (NOK × 100), > 0. */
  amountOre: number;
  /** The same key never charges twice (Stripe's Idempotency-Key), e.g. `buy-lead:<purchase id>`. */
  idempotencyKey: string;
  /** Shown on the statement / in the dashboard. */
  description: string;
  /** Stripe metadata (`purchase_id`, `card_payment_id`, …); the webhook finds the purchase by it. */
  metadata?: Record<string, string>;
}

/** An off-session charge of a buyer's payment method saved with an earlier payment (a funnel's offer). */
export interface OffSessionChargeInput extends Omit<ChargeInput, 'organizationId'> {
  /** The selling organization (metadata; the local store's owner). */
  organizationId: string;
  /** The buyer's customer at the provider (Stripe needs it for a saved payment method). */
  customerId: string | null;
  paymentMethodId: string;
  /** The seller's connected account the payment method was saved on (a direct charge there). */
  stripeAccount?: string | null;
}

/** The card that paid or was saved, as receipts and the payment settings show it. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string; card?: CardSummary | null }
  /** The bank wants the cardholder (3-D Secure): confirm on-session with Stripe.js and this secret. */
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  /** The bank has not answered yet; the webhook (payment_intent.succeeded / payment_failed) settles. */
  | { status: 'processing'; paymentId: string }
  | { status: 'failed'; code: CardErrorCode; paymentId?: string };

/** Stripe's intent statuses (SetupIntent and PaymentIntent). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** A SetupIntent as the functions need it (Stripe's or the local store's). */
export interface SetupIntentState {
  id: string;
  status: IntentStatus;
  clientSecret: string;
  /** metadata.organization_id: whose card it saves. */
  organizationId: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  card: CardSummary | null;
  /** last_setup_error as one of the catalogue's codes. */
  errorCode: CardErrorCode | null;
}

/** A PaymentIntent as the functions need it. */
export interface PaymentIntentState {
  id: string;
  status: IntentStatus;
  clientSecret: string;
  amountOre: number;
  organizationId: string | null;
  metadata: Record<string, string>;
  customerId: string | null;
  paymentMethodId: string | null;
  card: CardSummary | null;
  /** last_payment_error as one of the catalogue's codes. */
  errorCode: CardErrorCode | null;
  /** setup_future_usage = off_session: save the card once it succeeded. */
  saveCard: boolean;
}

export interface CreatePaymentInput {
  organizationId: string;
  customerId: string | null;
  amountOre: number;
  description: string;
  /** `pack:<requestId>`: one PaymentIntent per purchase attempt, however often it is asked. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Confirm at once, on-session, with this saved payment method; null leaves it for the browser. */
  paymentMethodId: string | null;
  /** A new card: keep it for off-session use once the payment succeeded (setup_future_usage). */
  saveCard?: boolean;
  /**
   * The seller's connected account (Stripe Connect direct charge, the `Stripe-Account` header): the
   * intent is the seller's. Absent or null: the platform's own (packs, leads).
   */
  stripeAccount?: string | null;
}

/** A refund of (part of) a succeeded PaymentIntent. */
export interface RefundInput {
  paymentId: string;
  /** In øre, > 0, at most what is left of the payment. */
  amountOre: number;
  /** The same key never refunds twice (Stripe's Idempotency-Key), e.g. `refund:<requestId>`. */
  idempotencyKey: string;
  /** The connected account the payment was made on (see CreatePaymentInput). */
  stripeAccount?: string | null;
}

export interface RefundResult {
  /** re_… (Stripe) / re_local_… (local). */
  refundId: string;
  amountOre: number;
}

/** A refund as the provider keeps it (listRefunds). */
export interface RefundState {
  refundId: string;
  amountOre: number;
  /** Stripe's refund status: only `succeeded` and `pending` ones moved (or are moving) money. */
  status: 'succeeded' | 'pending' | 'requires_action' | 'failed' | 'canceled';
  /** Stripe's reason (`requested_by_customer`, …) or null. */
  reason: string | null;
}

/** A seller's connected account as the provider reports it (seller-accounts.ts). */
export interface ConnectedAccountState {
  /** acct_… */
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** ISO 3166-1 alpha-2 (`NO`), null when not known yet. */
  country: string | null;
}

/** A verified webhook event, already read into the states above. */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentIntent?: PaymentIntentState;
  setupIntent?: SetupIntentState;
  /** charge.refunded: the PaymentIntent and the total refunded so far. */
  refund?: { paymentIntentId: string; amountRefundedOre: number };
  /** The connected account the event happened on (Connect events: a seller's direct charge, account.updated). */
  account?: string | null;
  /** account.updated: the connected account as the event describes it. */
  connectedAccount?: ConnectedAccountState;
}

/** The provider refused a request before any intent existed (bad parameters, a reused key). */
export class PaymentRefusedError extends Error {
  override name = 'PaymentRefusedError';
  constructor(readonly code: CardErrorCode) {
    super(`payment refused: ${code}`);
  }
}

/** A bad Stripe-Signature (wrong secret, tampered body, timestamp outside the tolerance). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe' | 'unconfigured';
  /** Stripe's publishable key for Stripe.js (null for the local provider). */
  readonly publishableKey: string | null;
  /**
   * Charges the saved card off-session. Declines are a `failed` result, not an exception; an
   * exception means the outcome is unknown (network, configuration) — the caller releases what it
   * reserved and may retry with the same idempotency key. A repeated key never charges again and
   * reports the payment's CURRENT state (Stripe replays the first response, so the Stripe provider
   * retrieves the PaymentIntent it names: after on-session 3-D Secure it has succeeded).
   */
  chargeSavedCard(input: ChargeInput): Promise<ChargeResult>;
  /**
   * Charges a buyer's saved payment method off-session (a funnel's one-click offer), with the same
   * contract as chargeSavedCard: declines are results, `authentication_required` comes back as
   * `requires_action` with the client secret for the browser's 3-D Secure step.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<ChargeResult>;
  /**
   * A customer: the organization's, created once (idempotency key `customer:<organizationId>`), or a
   * buyer's with its own key (`customer:order:<orderId>`).
   */
  createCustomer(input: {
    organizationId: string;
    name: string;
    email: string | null;
    idempotencyKey?: string;
    /** A buyer's customer lives on the seller's connected account, beside the intent that saves its card. */
    stripeAccount?: string | null;
  }): Promise<string>;
  /** A SetupIntent for off-session use (`metadata.organization_id`). */
  createSetupIntent(input: { organizationId: string; customerId: string }): Promise<SetupIntentState>;
  retrieveSetupIntent(id: string): Promise<SetupIntentState | null>;
  /** A PaymentIntent (idempotent by key); with a payment method it is confirmed at once. */
  createPayment(input: CreatePaymentInput): Promise<PaymentIntentState>;
  /** An intent made on a connected account is only found with that account (`stripeAccount`). */
  retrievePayment(id: string, stripeAccount?: string | null): Promise<PaymentIntentState | null>;
  /**
   * Cancels a payment nobody finished paying and answers its state now: `canceled`, or the state that
   * could not be canceled (`succeeded`: the buyer paid after all). Null for an unknown id.
   */
  cancelPayment(id: string, stripeAccount?: string | null): Promise<PaymentIntentState | null>;
  /** Detaches a saved payment method from its customer (an unknown one is not an error). */
  detachPaymentMethod(id: string): Promise<void>;
  /**
   * Refunds part or all of a succeeded payment (idempotent by key). Throws PaymentRefusedError when the
   * provider refuses (not succeeded, more than is left).
   */
  refundPayment(input: RefundInput): Promise<RefundResult>;
  /** Every refund of a payment (made here, or in Stripe's dashboard), oldest first. */
  listRefunds(paymentId: string, stripeAccount?: string | null): Promise<RefundState[]>;
  /** Verifies Stripe's signature and reads the event; throws WebhookSignatureError. */
  verifyWebhook(payload: string, signature: string | null): Promise<PaymentEvent>;
}

/** A Stripe error (`code`, `decline_code`) as one of the catalogue's codes. */
export function cardErrorCode(code: string | null | undefined, declineCode?: string | null): CardErrorCode {
  const known = (value: string | null | undefined): value is CardErrorCode =>
    (CARD_ERROR_CODES as readonly string[]).includes(value ?? '');
  if (known(declineCode)) return declineCode;
  if (code === 'incorrect_cvc') return 'invalid_cvc';
  if (code === 'invalid_number') return 'incorrect_number';
  if (code === 'payment_intent_authentication_failure' || code === 'setup_intent_authentication_failure') {
    return 'authentication_required';
  }
  if (code === 'card_decline_rate_limit_exceeded') return 'rate_limit';
  if (code === 'amount_too_small' || code === 'idempotency_key_in_use') return 'invalid_request_error';
  if (known(code)) return code;
  return 'card_error';
}

/** The saved card as organizations_payments_config stores it (read with the service role). */
export interface SavedCard {
  paymentMethodId: string;
  last4: string | null;
  /** organizations_payments_config.stripe_customer_id (Stripe needs it for off-session charges). */
  customerId?: string | null;
  /** The card summary saved with it (receipts show it when the provider's store does not know the card). */
  card?: CardSummary | null;
}

/** Outcome of one of Stripe's test cards when charged off-session after it was saved. */
export type TestOutcome =
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

/** A provider whose every charge throws `reason` (misconfiguration must be loud). */
export function failingPaymentProvider(reason: string): PaymentProvider {
  const fail = () => Promise.reject(new PaymentsNotConfiguredError(`payments: ${reason}`));
  return {
    name: 'unconfigured',
    publishableKey: null,
    chargeSavedCard: fail,
    chargeOffSession: fail,
    createCustomer: fail,
    createSetupIntent: fail,
    retrieveSetupIntent: fail,
    createPayment: fail,
    retrievePayment: fail,
    cancelPayment: fail,
    detachPaymentMethod: fail,
    refundPayment: fail,
    listRefunds: fail,
    verifyWebhook: fail,
  };
}

/** No provider is configured (the functions answer 500 `payments-not-configured` and log why). */
export class PaymentsNotConfiguredError extends Error {
  override name = 'PaymentsNotConfiguredError';
}

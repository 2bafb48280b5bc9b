/**
 * The LOCAL payment provider (docs/payments.md «Test cards»): Stripe's test-mode behaviour without
 * Stripe, for the embedded platform and tests. What Stripe would keep — customers, SetupIntents,
 * payment methods, PaymentIntents — lives in a store (`public.local_payment_object_*` through the
 * service role; in memory for unit tests) as Stripe-like JSON.
 *
 * - Idempotency is the store's: `local_payment_object_put` with a key that was used before returns
 *   the first object (a unique key in the database, so concurrent replays make one PaymentIntent).
 *   A replay reports the intent's CURRENT state (after the test 3-D Secure approval: succeeded).
 * - The outcome of a card is decided by the test card number when the card was entered (stored on the
 *   payment method), else by TEST_PAYMENT_METHODS / TEST_CARD_LAST4 (payments.ts) for saved ids such
 *   as `pm_card_visa` or the seed's `pm_demo…`.
 * - `localCardActions` is the browser half (what Stripe.js does against Stripe): confirm a
 *   SetupIntent or PaymentIntent with a card, and the test 3-D Secure page. payments-local serves it.
 */
import type { SupabaseClient } from './deps.ts';
import {
  PaymentRefusedError,
  TEST_CARD_LAST4,
  TEST_PAYMENT_METHODS,
  WebhookSignatureError,
  type CardErrorCode,
  type CardSummary,
  type ChargeInput,
  type ChargeResult,
  type IntentStatus,
  type PaymentIntentState,
  type PaymentProvider,
  type SavedCard,
  type SetupIntentState,
  type TestOutcome,
} from './payments.ts';

// --- the store -------------------------------------------------------------------------------------

export type LocalObjectKind = 'customer' | 'setup_intent' | 'payment_method' | 'payment_intent';

/** A stored object as `local_payment_object_*` return it. */
export interface LocalObject {
  id: string;
  kind: LocalObjectKind;
  organization_id: string | null;
  data: Record<string, unknown>;
  created_at: string;
}

export interface LocalPaymentStore {
  /** Inserts; a repeated idempotency key (or id) returns the stored object instead. */
  put(
    id: string,
    kind: LocalObjectKind,
    organizationId: string | null,
    data: Record<string, unknown>,
    idempotencyKey?: string | null,
  ): Promise<LocalObject>;
  get(id: string): Promise<LocalObject | null>;
  /** Merges top-level keys into data; null when unknown. */
  update(id: string, data: Record<string, unknown>): Promise<LocalObject | null>;
}

/** The store in memory (unit tests), with the database's semantics. */
export function memoryLocalStore(): LocalPaymentStore & { objects: Map<string, LocalObject> } {
  const objects = new Map<string, LocalObject>();
  const keys = new Map<string, string>();
  const copy = (object: LocalObject): LocalObject => structuredClone(object);
  return {
    objects,
    put(id, kind, organizationId, data, idempotencyKey) {
      const existingId = (idempotencyKey && keys.get(idempotencyKey)) || (objects.has(id) ? id : null);
      if (existingId) return Promise.resolve(copy(objects.get(existingId)!));
      const object: LocalObject = {
        id,
        kind,
        organization_id: organizationId,
        data: structuredClone(data),
        created_at: new Date().toISOString(),
      };
      objects.set(id, object);
      if (idempotencyKey) keys.set(idempotencyKey, id);
      return Promise.resolve(copy(object));
    },
    get(id) {
      const object = objects.get(id);
      return Promise.resolve(object ? copy(object) : null);
    },
    update(id, data) {
      const object = objects.get(id);
      if (!object) return Promise.resolve(null);
      object.data = { ...object.data, ...structuredClone(data) };
      return Promise.resolve(copy(object));
    },
  };
}

/** The store in the database (service role). */
export function supabaseLocalStore(service: SupabaseClient): LocalPaymentStore {
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await service.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return (data ?? null) as LocalObject | null;
  };
  return {
    async put(id, kind, organizationId, data, idempotencyKey) {
      const object = await call('local_payment_object_put', {
        input_id: id,
        input_kind: kind,
        input_organization_id: organizationId,
        input_data: data,
        input_idempotency_key: idempotencyKey ?? null,
      });
      if (!object) throw new Error('local_payment_object_put returned nothing');
      return object;
    },
    get: (id) => call('local_payment_object_get', { input_id: id }),
    update: (id, data) => call('local_payment_object_update', { input_id: id, input_data: data }),
  };
}

// --- test cards ------------------------------------------------------------------------------------

/** What a card does when saved (setup), paid on-session, charged off-session, and after 3-D Secure. */
export interface CardBehaviour {
  setup: TestOutcome;
  onSession: TestOutcome;
  offSession: TestOutcome;
  afterAuthentication: TestOutcome;
}

const SUCCEEDS: TestOutcome = { status: 'succeeded' };
const AUTHENTICATE: TestOutcome = { status: 'requires_action' };
const fails = (code: CardErrorCode): TestOutcome => ({ status: 'failed', code });

interface TestCard extends CardBehaviour {
  brand: string;
}

const card = (
  brand: string,
  setup: TestOutcome,
  onSession: TestOutcome = setup,
  offSession: TestOutcome = onSession,
  afterAuthentication: TestOutcome = SUCCEEDS,
): TestCard => ({ brand, setup, onSession, offSession, afterAuthentication });

const ok = (brand: string) => card(brand, SUCCEEDS);

/** Stripe's test card numbers (https://docs.stripe.com/testing) and what they do. */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': ok('visa'),
  '4000056655665556': ok('visa'),
  '5555555555554444': ok('mastercard'),
  '2223003122003222': ok('mastercard'),
  '5200828282828210': ok('mastercard'),
  '378282246310005': ok('amex'),
  '6011111111111117': ok('discover'),
  '3056930009020004': ok('diners'),
  '3566002020360505': ok('jcb'),
  // Authentication on setup and on-session; off-session after setup it succeeds.
  '4000002500003155': card('visa', AUTHENTICATE, AUTHENTICATE, SUCCEEDS),
  // Authentication always.
  '4000002760003184': card('visa', AUTHENTICATE),
  '4000000000003220': card('visa', AUTHENTICATE),
  // Authentication, then declined for insufficient funds.
  '4000008260003178': card('visa', AUTHENTICATE, AUTHENTICATE, AUTHENTICATE, fails('insufficient_funds')),
  '4000000000000002': card('visa', fails('card_declined')),
  '4000000000009995': card('visa', SUCCEEDS, fails('insufficient_funds')),
  '4000000000009987': card('visa', fails('card_declined')),
  '4000000000009979': card('visa', fails('card_declined')),
  '4000000000000069': card('visa', fails('expired_card')),
  '4000000000000127': card('visa', fails('invalid_cvc')),
  '4000000000000119': card('visa', fails('processing_error')),
  '4000000000000341': card('visa', SUCCEEDS, fails('card_declined')),
  '4100000000000019': card('visa', fails('card_declined')),
};

/** Test mode declines every card that is not one of Stripe's test cards (as Stripe does). */
const UNKNOWN_CARD: CardBehaviour = card('unknown', fails('card_declined'));

export function cardBrand(number: string): string {
  const known = TEST_CARDS[number];
  if (known) return known.brand;
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^35/.test(number)) return 'jcb';
  if (/^3[068]/.test(number)) return 'diners';
  if (/^6/.test(number)) return 'discover';
  return 'unknown';
}

/** Stripe's test payment methods that stand for one of the test card numbers. */
const TEST_PAYMENT_METHOD_NUMBERS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: '4000008260003178',
};

/** A saved payment method's behaviour: its test card number, else its id or last four digits. */
export function savedCardBehaviour(
  paymentMethodId: string,
  last4: string | null,
  testCard?: string | null,
): CardBehaviour {
  const number = testCard ?? TEST_PAYMENT_METHOD_NUMBERS[paymentMethodId];
  const byNumber = number ? TEST_CARDS[number] : undefined;
  if (byNumber) return byNumber;
  const outcome = TEST_PAYMENT_METHODS[paymentMethodId] ?? TEST_CARD_LAST4[last4 ?? ''] ?? SUCCEEDS;
  const declinesAfterAuthentication = last4 === '3178' || /InsufficientFunds$/.test(paymentMethodId);
  return {
    setup: outcome,
    onSession: outcome,
    offSession: outcome,
    afterAuthentication: declinesAfterAuthentication ? fails('insufficient_funds') : SUCCEEDS,
  };
}

/** The card fields of the local form (docs/payments.md «payments-local»). */
export interface CardInput {
  number: string;
  expMonth: number | null;
  expYear: number | null;
  cvc: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Elements' validation codes for the card, or null when it is complete and valid. */
export function validateCard(input: CardInput, now: Date = new Date()): CardErrorCode | null {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return 'incorrect_number';
  const amex = /^3[47]/.test(number);
  const length = amex ? 15 : /^3[068]/.test(number) ? 14 : 16;
  if (number.length < Math.min(length, 14)) return 'incomplete_number';
  if (number.length < length) return 'incomplete_number';
  if (number.length > 19 || !luhn(number)) return 'incorrect_number';
  if (input.expMonth == null || input.expYear == null) return 'incomplete_expiry';
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return 'invalid_expiry_month';
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year > thisYear + 50) return 'invalid_expiry_year';
  if (year < thisYear || (year === thisYear && input.expMonth < now.getUTCMonth() + 1)) {
    return 'invalid_expiry_year';
  }
  const cvc = input.cvc.trim();
  if (!/^\d*$/.test(cvc)) return 'invalid_cvc';
  if (cvc.length < (amex ? 4 : 3)) return 'incomplete_cvc';
  if (cvc.length > 4) return 'invalid_cvc';
  return null;
}

// --- reading stored objects -------------------------------------------------------------------------

type Data = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function cardOf(data: Data): CardSummary | null {
  const card = data.card as Data | null | undefined;
  if (!card || typeof card !== 'object') return null;
  return {
    brand: str(card.brand) ?? 'unknown',
    last4: str(card.last4) ?? '',
    expMonth: typeof card.exp_month === 'number' ? card.exp_month : null,
    expYear: typeof card.exp_year === 'number' ? card.exp_year : null,
  };
}

function errorOf(value: unknown): CardErrorCode | null {
  const code = str((value as Data | null | undefined)?.code);
  return (code as CardErrorCode | null) ?? null;
}

export function setupIntentState(object: LocalObject): SetupIntentState {
  const data = object.data;
  return {
    id: object.id,
    status: data.status as IntentStatus,
    clientSecret: str(data.client_secret) ?? '',
    organizationId: object.organization_id,
    customerId: str(data.customer),
    paymentMethodId: str(data.payment_method),
    card: cardOf(data),
    errorCode: errorOf(data.last_setup_error),
  };
}

export function paymentIntentState(object: LocalObject): PaymentIntentState {
  const data = object.data;
  return {
    id: object.id,
    status: data.status as IntentStatus,
    clientSecret: str(data.client_secret) ?? '',
    amountOre: Number(data.amount ?? 0),
    organizationId: object.organization_id,
    metadata: (data.metadata as Record<string, string> | undefined) ?? {},
    customerId: str(data.customer),
    paymentMethodId: str(data.payment_method),
    card: cardOf(data),
    errorCode: errorOf(data.last_payment_error),
    saveCard: data.setup_future_usage === 'off_session',
  };
}

/** The intent's fields for an outcome (status, last error). */
function outcomeFields(outcome: TestOutcome, errorField: 'last_payment_error' | 'last_setup_error'): Data {
  if (outcome.status === 'failed') {
    return { status: 'requires_payment_method', [errorField]: { code: outcome.code } };
  }
  return { status: outcome.status, [errorField]: null };
}

function cardData(summary: CardSummary | null): Data | null {
  return summary
    ? { brand: summary.brand, last4: summary.last4, exp_month: summary.expMonth, exp_year: summary.expYear }
    : null;
}

// --- the provider ----------------------------------------------------------------------------------

export interface LocalPaymentProviderOptions {
  store: LocalPaymentStore;
  /** The organization's saved card, or null when it has none. */
  savedCard(organizationId: string): Promise<SavedCard | null>;
  /** Object ids by prefix (`pi`, `seti`, `cus`, `pm`); tests inject fixed ones. */
  newId?: (prefix: string) => string;
}

const randomId = (prefix: string) => `${prefix}_local_${crypto.randomUUID().replaceAll('-', '')}`;
const secretFor = (id: string) => `${id}_secret_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;

/** The stored payment method's card and test number (null for ids that are not in the store). */
async function storedPaymentMethod(store: LocalPaymentStore, id: string | null) {
  if (!id) return null;
  const object = await store.get(id);
  if (!object || object.kind !== 'payment_method') return null;
  return { card: cardOf(object.data), testCard: str(object.data.test_card) };
}

async function behaviourOf(
  store: LocalPaymentStore,
  paymentMethodId: string,
  last4: string | null,
  savedSummary: CardSummary | null = null,
) {
  const stored = await storedPaymentMethod(store, paymentMethodId);
  return {
    behaviour: savedCardBehaviour(paymentMethodId, stored?.card?.last4 ?? last4, stored?.testCard),
    // Cards saved outside the store (the seed's pm_demo…) are known by their saved summary.
    card: stored?.card ?? savedSummary,
  };
}

export function localPaymentProvider(options: LocalPaymentProviderOptions): PaymentProvider {
  const { store } = options;
  const newId = options.newId ?? randomId;

  /** An off-session PaymentIntent of a saved payment method, with the card's off-session outcome. */
  async function chargeOffSession(
    input: ChargeInput & { stripeAccount?: string | null },
    customerId: string | null,
    paymentMethodId: string,
    behaviour: CardBehaviour,
    card: CardSummary | null,
  ): Promise<ChargeResult> {
    const id = newId('pi');
    if (!Number.isInteger(input.amountOre) || input.amountOre <= 0) {
      return { status: 'failed', code: 'invalid_request_error', paymentId: id };
    }
    const object = await store.put(
      id,
      'payment_intent',
      input.organizationId,
      {
        object: 'payment_intent',
        amount: input.amountOre,
        currency: 'nok',
        client_secret: secretFor(id),
        customer: customerId,
        payment_method: paymentMethodId,
        description: input.description,
        metadata: { organization_id: input.organizationId, ...input.metadata },
        off_session: true,
        setup_future_usage: null,
        ...(input.stripeAccount ? { account: input.stripeAccount } : {}),
        card: cardData(card),
        ...outcomeFields(behaviour.offSession, 'last_payment_error'),
      },
      input.idempotencyKey,
    );
    // Stripe refuses a key used with other parameters.
    if (object.organization_id !== input.organizationId || object.data.amount !== input.amountOre) {
      return { status: 'failed', code: 'invalid_request_error' };
    }
    return chargeResult(paymentIntentState(object));
  }

  async function getKind(id: string, kind: LocalObjectKind) {
    const object = await store.get(id);
    return object && object.kind === kind ? object : null;
  }

  return {
    name: 'local',
    publishableKey: null,

    async chargeSavedCard(input) {
      if (!Number.isInteger(input.amountOre) || input.amountOre <= 0) {
        return { status: 'failed', code: 'invalid_request_error', paymentId: newId('pi') };
      }
      const saved = await options.savedCard(input.organizationId);
      if (!saved) return { status: 'failed', code: 'card_error', paymentId: newId('pi') };
      const { behaviour, card } = await behaviourOf(store, saved.paymentMethodId, saved.last4, saved.card);
      return await chargeOffSession(input, saved.customerId ?? null, saved.paymentMethodId, behaviour, card);
    },

    async chargeOffSession(input) {
      const { behaviour, card } = await behaviourOf(store, input.paymentMethodId, null);
      return await chargeOffSession(input, input.customerId, input.paymentMethodId, behaviour, card);
    },

    async createCustomer({ organizationId, name, email, idempotencyKey, stripeAccount }) {
      const object = await store.put(
        newId('cus'),
        'customer',
        organizationId,
        {
          object: 'customer',
          name,
          email,
          metadata: { organization_id: organizationId },
          ...(stripeAccount ? { account: stripeAccount } : {}),
        },
        idempotencyKey ?? `customer:${organizationId}`,
      );
      return object.id;
    },

    async createSetupIntent({ organizationId, customerId }) {
      const id = newId('seti');
      const object = await store.put(id, 'setup_intent', organizationId, {
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: secretFor(id),
        customer: customerId,
        usage: 'off_session',
        payment_method: null,
        card: null,
        last_setup_error: null,
        metadata: { organization_id: organizationId },
      });
      return setupIntentState(object);
    },

    async retrieveSetupIntent(id) {
      const object = await getKind(id, 'setup_intent');
      return object ? setupIntentState(object) : null;
    },

    async createPayment(input) {
      const id = newId('pi');
      let fields: Data = { status: 'requires_payment_method', last_payment_error: null, card: null };
      if (input.paymentMethodId) {
        const saved = await options.savedCard(input.organizationId);
        const same = saved?.paymentMethodId === input.paymentMethodId;
        const { behaviour, card } = await behaviourOf(
          store,
          input.paymentMethodId,
          same ? saved.last4 : null,
          same ? (saved.card ?? null) : null,
        );
        fields = { ...outcomeFields(behaviour.onSession, 'last_payment_error'), card: cardData(card) };
      }
      const object = await store.put(
        id,
        'payment_intent',
        input.organizationId,
        {
          object: 'payment_intent',
          amount: input.amountOre,
          currency: 'nok',
          client_secret: secretFor(id),
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          description: input.description,
          metadata: { organization_id: input.organizationId, ...input.metadata },
          off_session: false,
          setup_future_usage: input.saveCard ? 'off_session' : null,
          // The seller's account, as Stripe keeps a direct charge on it (the local store has one space).
          ...(input.stripeAccount ? { account: input.stripeAccount } : {}),
          ...fields,
        },
        input.idempotencyKey,
      );
      return paymentIntentState(object);
    },

    async retrievePayment(id) {
      const object = await getKind(id, 'payment_intent');
      return object ? paymentIntentState(object) : null;
    },

    async cancelPayment(id) {
      const object = await getKind(id, 'payment_intent');
      if (!object) return null;
      // Stripe cancels an intent nobody finished paying; a succeeded or canceled one stays as it is.
      if (object.data.status === 'succeeded' || object.data.status === 'canceled') {
        return paymentIntentState(object);
      }
      return paymentIntentState((await store.update(id, { status: 'canceled' }))!);
    },

    async detachPaymentMethod(id) {
      const object = await getKind(id, 'payment_method');
      if (object) await store.update(id, { customer: null });
    },

    // The refunds live on the intent (`refunds` by idempotency key, `amount_refunded`), as Stripe's
    // charge keeps them: a repeated key answers the refund it made.
    async refundPayment({ paymentId, amountOre, idempotencyKey }) {
      const object = await getKind(paymentId, 'payment_intent');
      if (!object || object.data.status !== 'succeeded')
        throw new PaymentRefusedError('invalid_request_error');
      const refunds = (object.data.refunds ?? {}) as Record<string, { id: string; amount: number }>;
      const earlier = refunds[idempotencyKey];
      if (earlier) return { refundId: earlier.id, amountOre: earlier.amount };
      const refunded = Number(object.data.amount_refunded ?? 0);
      if (amountOre <= 0 || refunded + amountOre > Number(object.data.amount)) {
        throw new PaymentRefusedError('invalid_request_error');
      }
      const refund = { id: newId('re'), amount: amountOre };
      await store.update(paymentId, {
        amount_refunded: refunded + amountOre,
        refunds: { ...refunds, [idempotencyKey]: refund },
      });
      return { refundId: refund.id, amountOre };
    },

    async listRefunds(paymentId) {
      const object = await getKind(paymentId, 'payment_intent');
      const refunds = (object?.data.refunds ?? {}) as Record<string, { id: string; amount: number }>;
      return Object.values(refunds).map((refund) => ({
        refundId: refund.id,
        amountOre: refund.amount,
        status: 'succeeded' as const,
        reason: null,
      }));
    },

    verifyWebhook() {
      return Promise.reject(new WebhookSignatureError('the local payment provider sends no webhooks'));
    },
  };
}

/** A PaymentIntent's state as chargeSavedCard's result. */
export function chargeResult(intent: PaymentIntentState): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentId: intent.id, card: intent.card };
    case 'requires_action':
      return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.clientSecret };
    case 'processing':
      return { status: 'processing', paymentId: intent.id };
    default:
      // requires_payment_method (declined), canceled, or never confirmed.
      return { status: 'failed', code: intent.errorCode ?? 'card_error', paymentId: intent.id };
  }
}

// --- the browser half ------------------------------------------------------------------------------

export type LocalActionResult =
  | { ok: true; status: 'succeeded' | 'requires_action' | 'processing'; clientSecret: string }
  | { ok: false; code: CardErrorCode };

/** The intent id of a client secret (`<id>_secret_<…>`), or null. */
export function intentIdOf(clientSecret: string): string | null {
  const match = /^((?:seti|pi)_[A-Za-z0-9_]+?)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match ? match[1]! : null;
}

export function localCardActions(
  store: LocalPaymentStore,
  options: { now?: () => Date; newId?: (prefix: string) => string } = {},
) {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomId;

  const current = (object: LocalObject): LocalActionResult => {
    const secret = str(object.data.client_secret) ?? '';
    const status = object.data.status;
    if (status === 'succeeded' || status === 'requires_action' || status === 'processing') {
      return { ok: true, status, clientSecret: secret };
    }
    const error = errorOf(
      object.kind === 'setup_intent' ? object.data.last_setup_error : object.data.last_payment_error,
    );
    return { ok: false, code: error ?? 'card_error' };
  };

  async function savePaymentMethod(object: LocalObject, input: CardInput) {
    const number = input.number.replace(/[\s-]/g, '');
    const last4 = number.slice(-4);
    const year = input.expYear! < 100 ? 2000 + input.expYear! : input.expYear!;
    const summary: CardSummary = { brand: cardBrand(number), last4, expMonth: input.expMonth, expYear: year };
    // pm_local_<last4>_…: the last four digits keep the card's test behaviour (TEST_CARD_LAST4).
    const id = newId('pm').replace(/^pm_local_/, `pm_local_${last4}_`);
    await store.put(id, 'payment_method', object.organization_id, {
      object: 'payment_method',
      type: 'card',
      card: cardData(summary),
      customer: str(object.data.customer),
      // Only Stripe's published test numbers are kept (they decide the card's behaviour).
      test_card: TEST_CARDS[number] ? number : null,
    });
    return { id, summary, behaviour: TEST_CARDS[number] ?? UNKNOWN_CARD };
  }

  return {
    /** The intent a client secret names (the caller's membership is checked by payments-local). */
    async intentBySecret(clientSecret: string): Promise<LocalObject | null> {
      const id = intentIdOf(clientSecret);
      if (!id) return null;
      const object = await store.get(id);
      if (!object || (object.kind !== 'setup_intent' && object.kind !== 'payment_intent')) return null;
      return object.data.client_secret === clientSecret ? object : null;
    },

    async confirmSetup(object: LocalObject, input: CardInput): Promise<LocalActionResult> {
      if (object.kind !== 'setup_intent') return { ok: false, code: 'invalid_request_error' };
      if (object.data.status !== 'requires_payment_method') return current(object);
      const invalid = validateCard(input, now());
      if (invalid) return { ok: false, code: invalid };
      const method = await savePaymentMethod(object, input);
      const outcome = method.behaviour.setup;
      const updated = await store.update(object.id, {
        ...outcomeFields(outcome, 'last_setup_error'),
        payment_method: outcome.status === 'failed' ? null : method.id,
        card: outcome.status === 'failed' ? null : cardData(method.summary),
      });
      return current(updated!);
    },

    async confirmPayment(
      object: LocalObject,
      input: CardInput | null,
      saveCard = false,
    ): Promise<LocalActionResult> {
      if (object.kind !== 'payment_intent') return { ok: false, code: 'invalid_request_error' };
      const status = object.data.status;
      if (status !== 'requires_payment_method' && status !== 'requires_confirmation') return current(object);
      let paymentMethodId: string;
      let behaviour: CardBehaviour;
      let summary: CardSummary | null;
      if (input) {
        const invalid = validateCard(input, now());
        if (invalid) return { ok: false, code: invalid };
        const method = await savePaymentMethod(object, input);
        paymentMethodId = method.id;
        behaviour = method.behaviour;
        summary = method.summary;
      } else {
        const existing = str(object.data.payment_method);
        if (!existing) return { ok: false, code: 'invalid_request_error' };
        const found = await behaviourOf(store, existing, null);
        paymentMethodId = existing;
        behaviour = found.behaviour;
        summary = found.card;
      }
      const updated = await store.update(object.id, {
        ...outcomeFields(behaviour.onSession, 'last_payment_error'),
        payment_method: paymentMethodId,
        card: cardData(summary),
        ...(saveCard ? { setup_future_usage: 'off_session' } : {}),
      });
      return current(updated!);
    },

    /** The test 3-D Secure page: approve → the card's outcome after authentication; reject → authentication_required. */
    async authenticate(object: LocalObject, approve: boolean): Promise<LocalActionResult> {
      if (object.data.status !== 'requires_action') return current(object);
      const setup = object.kind === 'setup_intent';
      const errorField = setup ? 'last_setup_error' : 'last_payment_error';
      let outcome: TestOutcome = fails('authentication_required');
      if (approve) {
        if (setup) outcome = SUCCEEDS;
        else {
          const paymentMethodId = str(object.data.payment_method);
          const last4 = cardOf(object.data)?.last4 ?? null;
          outcome = paymentMethodId
            ? (await behaviourOf(store, paymentMethodId, last4)).behaviour.afterAuthentication
            : SUCCEEDS;
        }
      }
      const updated = await store.update(object.id, {
        ...outcomeFields(outcome, errorField),
        ...(setup && outcome.status === 'failed' ? { payment_method: null, card: null } : {}),
      });
      return current(updated!);
    },
  };
}

export type LocalCardActions = ReturnType<typeof localCardActions>;

/**
 * The Stripe provider (`npm:stripe`, pinned in deps.ts). Requests go through
 * `Stripe.createFetchHttpClient(fetch)`, so tests answer them with constructed Stripe JSON
 * (stripe-fake.ts) and nothing reaches the network; webhook signatures use SubtleCrypto
 * (`constructEventAsync`, tolerance 300 s).
 *
 * - Every PaymentIntent is card-only (`allowed_payment_method_types: ['card']`): confirming with a saved card
 *   needs no return_url and 3-D Secure comes back as `requires_action` for Stripe.js.
 * - Off-session charges (buy-lead): `off_session: true, confirm: true` with the idempotency key. Stripe
 *   replays the first answer for a repeated key, so anything but `succeeded` is followed by a
 *   retrieve: the result is the intent's CURRENT state (after on-session 3-D Secure: succeeded). When
 *   the bank wants the cardholder (`authentication_required`, the intent back in
 *   requires_payment_method) the intent is confirmed once more on-session, which leaves it in
 *   `requires_action` for Stripe.js's `handleNextAction`.
 * - Declines are results; network failures and Stripe's 5xx are exceptions (the outcome is unknown).
 */
import { Stripe } from './deps.ts';
import {
  cardErrorCode,
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  WebhookSignatureError,
  type CardErrorCode,
  type CardSummary,
  type ChargeResult,
  type ConnectedAccountState,
  type IntentStatus,
  type OffSessionChargeInput,
  type PaymentEvent,
  type PaymentIntentState,
  type PaymentProvider,
  type RefundState,
  type SavedCard,
  type SetupIntentState,
} from './payments.ts';
import { chargeResult } from './local-payments.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_…); without it verifyWebhook throws PaymentsNotConfiguredError. */
  webhookSecret: string | null;
  /**
   * STRIPE_CONNECT_WEBHOOK_SECRET: the Connect endpoint's own secret (events on connected accounts:
   * sellers' direct charges, account.updated), which may point at the same URL.
   */
  connectWebhookSecret?: string | null;
  savedCard(organizationId: string): Promise<SavedCard | null>;
  /** Tests answer Stripe's API with constructed responses. */
  fetch?: typeof fetch;
  /** stripe-node's retries of network errors and 409/5xx answers (default 2). */
  maxNetworkRetries?: number;
}

/** Seconds a signature's timestamp may be old (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type StripeClient = InstanceType<typeof Stripe>;
type StripePaymentIntent = Awaited<ReturnType<StripeClient['paymentIntents']['retrieve']>>;
type StripeSetupIntent = Awaited<ReturnType<StripeClient['setupIntents']['retrieve']>>;
type Expandable = string | { id: string } | null | undefined;

const idOf = (value: Expandable): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function status(value: string): IntentStatus {
  return value === 'requires_capture' ? 'processing' : (value as IntentStatus);
}

function cardOf(paymentMethod: unknown): CardSummary | null {
  const card = (paymentMethod as { card?: Record<string, unknown> } | null | undefined)?.card;
  if (!paymentMethod || typeof paymentMethod !== 'object' || !card) return null;
  return {
    brand: String(card.brand ?? 'unknown'),
    last4: String(card.last4 ?? ''),
    expMonth: typeof card.exp_month === 'number' ? card.exp_month : null,
    expYear: typeof card.exp_year === 'number' ? card.exp_year : null,
  };
}

function errorOf(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  return error ? cardErrorCode(error.code, error.decline_code) : null;
}

export function paymentIntentState(intent: StripePaymentIntent): PaymentIntentState {
  const metadata = (intent.metadata ?? {}) as Record<string, string>;
  return {
    id: intent.id,
    status: status(intent.status),
    clientSecret: intent.client_secret ?? '',
    amountOre: intent.amount,
    organizationId: metadata.organization_id ?? null,
    metadata,
    customerId: idOf(intent.customer as Expandable),
    paymentMethodId: idOf(intent.payment_method as Expandable),
    card: cardOf(intent.payment_method),
    errorCode: errorOf(intent.last_payment_error),
    saveCard: intent.setup_future_usage === 'off_session',
  };
}

export function setupIntentState(intent: StripeSetupIntent): SetupIntentState {
  return {
    id: intent.id,
    status: status(intent.status),
    clientSecret: intent.client_secret ?? '',
    organizationId: (intent.metadata as Record<string, string> | null)?.organization_id ?? null,
    customerId: idOf(intent.customer as Expandable),
    paymentMethodId: idOf(intent.payment_method as Expandable),
    card: cardOf(intent.payment_method),
    errorCode: errorOf(intent.last_setup_error),
  };
}

/** Stripe's account object (or an account.updated event's) as our state. */
export function connectedAccountState(account: Record<string, unknown>): ConnectedAccountState {
  const country = typeof account.country === 'string' ? account.country.toUpperCase() : null;
  return {
    id: String(account.id),
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
  };
}

interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  statusCode?: number;
  raw?: { payment_intent?: StripePaymentIntent; setup_intent?: StripeSetupIntent };
}

const isStripeError = (error: unknown): error is StripeErrorLike & Error =>
  error instanceof Stripe.errors.StripeError;

/** A Stripe error as a catalogue code, or null when the outcome is unknown (network, Stripe's 5xx). */
export function stripeErrorCode(error: unknown): CardErrorCode | null {
  if (!isStripeError(error)) return null;
  switch (error.type) {
    case 'StripeCardError':
      return cardErrorCode(error.code, error.decline_code);
    case 'StripeRateLimitError':
      return 'rate_limit';
    case 'StripeIdempotencyError':
      return 'invalid_request_error';
    case 'StripeInvalidRequestError': {
      const code = cardErrorCode(error.code, error.decline_code);
      return code === 'card_error' ? 'invalid_request_error' : code;
    }
    default:
      return null;
  }
}

const isMissing = (error: unknown) => isStripeError(error) && error.code === 'resource_missing';

export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(options.fetch ?? fetch),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  const expand = ['payment_method'];

  /** Request options of a call on a connected account (the Stripe-Account header), else none. */
  const on = (stripeAccount: string | null | undefined) => (stripeAccount ? { stripeAccount } : {});
  const retrieve = (id: string, stripeAccount?: string | null) =>
    stripe.paymentIntents.retrieve(id, { expand }, on(stripeAccount));

  /** Creates (or replays) an intent; a card error that names its intent yields that intent. */
  async function createIntent(
    params: Parameters<StripeClient['paymentIntents']['create']>[0],
    idempotencyKey: string,
    stripeAccount?: string | null,
  ): Promise<StripePaymentIntent | { failed: CardErrorCode }> {
    let intent: StripePaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        { ...params, expand },
        { idempotencyKey, ...on(stripeAccount) },
      );
    } catch (error) {
      const named = isStripeError(error) ? error.raw?.payment_intent : undefined;
      if (!named) {
        const code = stripeErrorCode(error);
        if (code) return { failed: code };
        throw error;
      }
      intent = named;
    }
    // A replay answers what Stripe said the first time: ask for the intent's state now.
    return intent.status === 'succeeded' ? intent : await retrieve(intent.id, stripeAccount);
  }

  /**
   * An off-session charge of a saved payment method; when the bank wants the cardholder the intent is
   * confirmed once more on-session, which leaves it in requires_action for Stripe.js.
   */
  async function chargeOffSession(input: OffSessionChargeInput): Promise<ChargeResult> {
    const created = await createIntent(
      {
        amount: input.amountOre,
        currency: 'nok',
        ...(input.customerId ? { customer: input.customerId } : {}),
        payment_method: input.paymentMethodId,
        allowed_payment_method_types: ['card'],
        off_session: true,
        confirm: true,
        description: input.description,
        metadata: { organization_id: input.organizationId, ...input.metadata },
      },
      input.idempotencyKey,
      input.stripeAccount,
    );
    if ('failed' in created) return { status: 'failed', code: created.failed };
    let intent = created;
    if (
      intent.status === 'requires_payment_method' &&
      intent.last_payment_error?.code === 'authentication_required'
    ) {
      try {
        intent = await stripe.paymentIntents.confirm(
          intent.id,
          { payment_method: input.paymentMethodId, expand },
          { idempotencyKey: `${input.idempotencyKey}:on-session`, ...on(input.stripeAccount) },
        );
      } catch (error) {
        const named = isStripeError(error) ? error.raw?.payment_intent : undefined;
        if (!named && !stripeErrorCode(error)) throw error;
        intent = await retrieve(intent.id, input.stripeAccount);
      }
    }
    return chargeResult(paymentIntentState(intent));
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async chargeSavedCard(input) {
      const saved = await options.savedCard(input.organizationId);
      if (!saved?.paymentMethodId || !saved.customerId) return { status: 'failed', code: 'card_error' };
      return await chargeOffSession({
        ...input,
        customerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
      });
    },

    chargeOffSession,

    async createCustomer({ organizationId, name, email, idempotencyKey, stripeAccount }) {
      const customer = await stripe.customers.create(
        { name, ...(email ? { email } : {}), metadata: { organization_id: organizationId } },
        { idempotencyKey: idempotencyKey ?? `customer:${organizationId}`, ...on(stripeAccount) },
      );
      return customer.id;
    },

    async createSetupIntent({ organizationId, customerId }) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { organization_id: organizationId },
      });
      return setupIntentState(intent);
    },

    async retrieveSetupIntent(id) {
      try {
        return setupIntentState(await stripe.setupIntents.retrieve(id, { expand }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async createPayment(input) {
      const created = await createIntent(
        {
          amount: input.amountOre,
          currency: 'nok',
          ...(input.customerId ? { customer: input.customerId } : {}),
          allowed_payment_method_types: ['card'],
          description: input.description,
          metadata: { organization_id: input.organizationId, ...input.metadata },
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId, confirm: true } : {}),
          ...(input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        input.idempotencyKey,
        input.stripeAccount,
      );
      // Refused before an intent existed (bad parameters, a reused key): like a decline.
      if ('failed' in created) throw new PaymentRefusedError(created.failed);
      return paymentIntentState(created);
    },

    async retrievePayment(id, stripeAccount) {
      try {
        return paymentIntentState(await retrieve(id, stripeAccount));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async cancelPayment(id, stripeAccount) {
      try {
        return paymentIntentState(await stripe.paymentIntents.cancel(id, { expand }, on(stripeAccount)));
      } catch (error) {
        if (isMissing(error)) return null;
        // Succeeded (or canceled) meanwhile: Stripe refuses the cancel; the state now says which.
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') {
          return paymentIntentState(await retrieve(id, stripeAccount));
        }
        throw error;
      }
    },

    async detachPaymentMethod(id) {
      try {
        await stripe.paymentMethods.detach(id);
      } catch (error) {
        // Unknown or already detached: nothing to do.
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return;
        throw error;
      }
    },

    async refundPayment({ paymentId, amountOre, idempotencyKey, stripeAccount }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountOre },
          { idempotencyKey, ...on(stripeAccount) },
        );
        return { refundId: refund.id, amountOre: refund.amount };
      } catch (error) {
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError') {
          throw new PaymentRefusedError('invalid_request_error');
        }
        throw error;
      }
    },

    async listRefunds(paymentId, stripeAccount) {
      const refunds = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 }, on(stripeAccount));
      return [...refunds.data]
        .sort((a, b) => a.created - b.created)
        .map((refund) => ({
          refundId: refund.id,
          amountOre: refund.amount,
          status: (refund.status ?? 'pending') as RefundState['status'],
          reason: refund.reason ?? null,
        }));
    },

    async verifyWebhook(payload, signature) {
      if (!options.webhookSecret) throw new PaymentsNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      type Event = { id: string; type: string; account?: string; data: { object: unknown } };
      // The account endpoint's secret, then the Connect endpoint's: either may have signed.
      const secrets = [options.webhookSecret, options.connectWebhookSecret].filter(
        (secret): secret is string => !!secret,
      );
      let event: Event | undefined;
      let failure: unknown;
      for (const secret of secrets) {
        try {
          event = (await stripe.webhooks.constructEventAsync(
            payload,
            signature,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
            cryptoProvider,
          )) as unknown as Event;
          break;
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
          failure = error;
        }
      }
      if (!event) throw new WebhookSignatureError((failure as Error).message);
      const object = event.data.object as Record<string, unknown>;
      const result: PaymentEvent = { id: event.id, type: event.type, account: event.account ?? null };
      if (event.type.startsWith('payment_intent.')) {
        result.paymentIntent = paymentIntentState(object as unknown as StripePaymentIntent);
      } else if (event.type.startsWith('setup_intent.')) {
        result.setupIntent = setupIntentState(object as unknown as StripeSetupIntent);
      } else if (event.type === 'charge.refunded') {
        const paymentIntentId = idOf(object.payment_intent as Expandable);
        if (paymentIntentId) {
          result.refund = { paymentIntentId, amountRefundedOre: Number(object.amount_refunded ?? 0) };
        }
      } else if (event.type === 'account.updated') {
        result.connectedAccount = connectedAccountState(object);
      }
      return result;
    },
  };
}

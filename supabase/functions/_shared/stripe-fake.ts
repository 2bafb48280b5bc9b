/**
 * Stripe's API answered in memory for deno tests: a `fetch` for `Stripe.createFetchHttpClient`, so
 * the real `npm:stripe` client builds the requests and parses the answers, and nothing reaches the
 * network. The answers are constructed after Stripe's documented objects and errors
 * (https://docs.stripe.com/api, https://docs.stripe.com/testing): customers, SetupIntents,
 * PaymentIntents (create/confirm/retrieve), payment method detach; Idempotency-Key replays the first
 * answer (another body with the same key → 400 idempotency_error); a saved test payment method
 * decides the outcome like the local provider's tables; off-session authentication is Stripe's 402
 * `authentication_required` with the intent in requires_payment_method.
 *
 * Helpers stand in for what Stripe.js and the bank do: `confirmSetup`, `authenticate`,
 * `confirmPayment`, and `outage` for a network failure.
 */
import { savedCardBehaviour } from './local-payments.ts';
import type { CardErrorCode, TestOutcome } from './payments.ts';

type Json = Record<string, unknown>;

/** Card details of the test payment methods (pm_card_…) and fakes' own. */
const LAST4: Record<string, string> = {
  pm_card_visa: '4242',
  pm_card_mastercard: '4444',
  pm_card_chargeDeclined: '0002',
  pm_card_chargeDeclinedInsufficientFunds: '9995',
  pm_card_chargeDeclinedExpiredCard: '0069',
  pm_card_chargeDeclinedIncorrectCvc: '0127',
  pm_card_chargeDeclinedProcessingError: '0119',
  pm_card_authenticationRequired: '3184',
  pm_card_authenticationRequiredOnSetup: '3155',
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: '3178',
};

/** Stripe's error body for a catalogue decline. */
function declineError(code: CardErrorCode): Json {
  switch (code) {
    case 'insufficient_funds':
      return {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
    case 'card_declined':
      return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    case 'invalid_cvc':
      return { code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
    case 'authentication_required':
      return {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
    default:
      return { code, message: `Declined (${code}).` };
  }
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: URLSearchParams;
  /** The Stripe-Account header: a call on a connected account (Connect), else null. */
  stripeAccount: string | null;
}

export class FakeStripe {
  customers = new Map<string, Json>();
  setupIntents = new Map<string, Json>();
  paymentIntents = new Map<string, Json>();
  paymentMethods = new Map<string, Json>();
  /** Connected accounts (Connect); a PaymentIntent made on one is found only with its Stripe-Account. */
  accounts = new Map<string, Json>();
  /** Refunds by id, in the order they were made (through the API or «in the dashboard»). */
  refunds = new Map<string, Json>();
  requests: FakeRequest[] = [];
  /** PaymentIntents that moved money (reached succeeded). */
  charges: string[] = [];
  /** The next requests fail like a broken network. */
  outage = 0;
  /** The next answer is this Stripe error instead (e.g. 429 rate_limit, 500 api_error). */
  nextError: { status: number; error: Json } | null = null;
  /** Milliseconds each answer takes (lets concurrent requests overlap). */
  latencyMs = 0;
  private idempotent = new Map<string, { body: string; path: string; status: number; answer: Json }>();
  private intentAccounts = new Map<string, string>();
  private counter = 0;

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : '';
    const params = new URLSearchParams(method === 'GET' ? url.search : body);
    const idempotencyKey = method === 'POST' ? headers.get('idempotency-key') : null;
    const stripeAccount = headers.get('stripe-account');
    this.requests.push({ method, path: url.pathname, idempotencyKey, params, stripeAccount });
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.outage > 0) {
      this.outage--;
      throw new TypeError('fetch failed: connection reset');
    }
    if (this.nextError) {
      const { status, error } = this.nextError;
      this.nextError = null;
      return this.error(status, error);
    }
    // stripe-node sends its own idempotency key on every POST; the fake replays them like Stripe does.
    if (idempotencyKey) {
      const previous = this.idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.body !== body || previous.path !== url.pathname) {
          return this.error(400, {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters.',
          });
        }
        return this.respond(previous.status, previous.answer, { 'idempotent-replayed': 'true' });
      }
    }
    const [status, answer] = this.route(method, url.pathname, params, stripeAccount);
    if (idempotencyKey && status < 500) {
      this.idempotent.set(idempotencyKey, {
        body,
        path: url.pathname,
        status,
        answer: structuredClone(answer),
      });
    }
    return this.respond(status, answer);
  };

  /** Stripe.js confirmCardSetup: the SetupIntent with a (test) payment method. */
  confirmSetup(setupIntentId: string, paymentMethodId: string): void {
    const intent = this.setupIntents.get(setupIntentId)!;
    const outcome = this.behaviour(paymentMethodId).setup;
    this.ensurePaymentMethod(paymentMethodId, intent.customer as string);
    Object.assign(intent, this.outcomeFields(outcome, 'last_setup_error'), {
      payment_method: outcome.status === 'failed' ? null : paymentMethodId,
    });
  }

  /** Stripe.js confirmCardPayment with a new card (on-session). */
  confirmPayment(paymentIntentId: string, paymentMethodId: string): void {
    const intent = this.paymentIntents.get(paymentIntentId)!;
    this.ensurePaymentMethod(paymentMethodId, null);
    intent.payment_method = paymentMethodId;
    this.applyOutcome(intent, this.behaviour(paymentMethodId).onSession);
  }

  /** The bank's 3-D Secure page: approve → the card's outcome after authentication. */
  authenticate(intentId: string, approve: boolean): void {
    const setup = intentId.startsWith('seti_');
    const intent = (setup ? this.setupIntents : this.paymentIntents).get(intentId)!;
    const behaviour = this.behaviour(String(intent.payment_method));
    if (setup) {
      Object.assign(
        intent,
        approve
          ? { status: 'succeeded', last_setup_error: null }
          : {
              status: 'requires_payment_method',
              last_setup_error: { type: 'card_error', code: 'setup_intent_authentication_failure' },
            },
      );
    } else if (approve) {
      this.applyOutcome(intent, behaviour.afterAuthentication);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' };
      intent.next_action = null;
    }
  }

  /** A refund made in Stripe's dashboard (a failed one moves no money). */
  dashboardRefund(paymentIntentId: string, amount: number, status = 'succeeded'): Json {
    return this.keepRefund(paymentIntentId, amount, status);
  }

  /** The charge of a PaymentIntent as charge.refunded sends it. */
  chargeOf(paymentIntentId: string): Json {
    const intent = this.paymentIntents.get(paymentIntentId)!;
    const refunded = Number(intent.amount_refunded ?? 0);
    return {
      id: `ch_for_${paymentIntentId}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: refunded,
      payment_intent: paymentIntentId,
      refunded: refunded === intent.amount,
      metadata: intent.metadata,
    };
  }

  /** A webhook event's JSON for an object; `account` for an event on a connected account (Connect). */
  event(type: string, object: Json, id = `evt_${++this.counter}`, account?: string): string {
    return JSON.stringify({
      id,
      object: 'event',
      ...(account ? { account } : {}),
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }

  /** Requests to a path (e.g. POST /v1/payment_intents). */
  count(method: string, path: string): number {
    return this.requests.filter((request) => request.method === method && request.path === path).length;
  }

  // --- routing -------------------------------------------------------------------------------------

  private route(
    method: string,
    path: string,
    params: URLSearchParams,
    stripeAccount: string | null,
  ): [number, Json] {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, action
    const [, resource, id, action] = parts;
    if (resource === 'accounts' || resource === 'account_links')
      return this.connect(method, resource, id, params);
    if (resource === 'customers' && method === 'POST' && !id) return [200, this.createCustomer(params)];
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id) return [200, this.createSetupIntent(params)];
      if (method === 'GET' && id) {
        const intent = this.setupIntents.get(id);
        return intent ? [200, this.expand(intent, params)] : this.missing('setup_intent', id);
      }
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) return this.createPaymentIntent(params, stripeAccount);
      const intent = id ? this.paymentIntents.get(id) : undefined;
      // A direct charge lives on its connected account: without that account it does not exist.
      if (!intent || (this.intentAccounts.get(intent.id as string) ?? null) !== stripeAccount) {
        return this.missing('payment_intent', id ?? '');
      }
      if (method === 'GET') return [200, this.expand(intent, params)];
      if (method === 'POST' && action === 'confirm') return this.confirm(intent, params, false);
      if (method === 'POST' && action === 'cancel') {
        // Stripe cancels an unfinished intent; one the bank is processing, or a finished one, stays.
        if (['succeeded', 'canceled', 'processing'].includes(String(intent.status))) {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
              },
            },
          ];
        }
        intent.status = 'canceled';
        intent.cancellation_reason = params.get('cancellation_reason');
        return [200, this.expand(intent, params)];
      }
    }
    if (resource === 'refunds') {
      if (method === 'GET' && !id) {
        const paymentIntentId = params.get('payment_intent') ?? '';
        if ((this.intentAccounts.get(paymentIntentId) ?? null) !== stripeAccount) {
          return this.missing('payment_intent', paymentIntentId);
        }
        const data = [...this.refunds.values()]
          .filter((refund) => refund.payment_intent === paymentIntentId)
          .reverse(); // newest first, as Stripe lists
        return [200, { object: 'list', data, has_more: false, url: '/v1/refunds' }];
      }
    }
    if (resource === 'refunds' && method === 'POST' && !id) return this.refund(params, stripeAccount);
    if (resource === 'payment_methods' && method === 'POST' && id && action === 'detach') {
      const paymentMethod = this.paymentMethods.get(id);
      if (!paymentMethod) return this.missing('payment_method', id);
      paymentMethod.customer = null;
      return [200, paymentMethod];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  }

  /** Connect: accounts (create, retrieve) and their onboarding links. */
  private connect(
    method: string,
    resource: string,
    id: string | undefined,
    params: URLSearchParams,
  ): [number, Json] {
    if (resource === 'account_links' && method === 'POST') {
      const account = params.get('account') ?? '';
      if (!this.accounts.has(account)) return this.missing('account', account);
      return [
        200,
        {
          object: 'account_link',
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `https://connect.stripe.com/setup/s/${account}/fake${++this.counter}`,
          return_url: params.get('return_url'),
          refresh_url: params.get('refresh_url'),
        },
      ];
    }
    if (method === 'POST' && !id) {
      const account: Json = {
        id: `acct_fake${++this.counter}`,
        object: 'account',
        type: params.get('type'),
        country: params.get('country'),
        email: params.get('email'),
        business_profile: { name: params.get('business_profile[name]') },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: this.metadata(params),
      };
      this.accounts.set(account.id as string, account);
      return [200, structuredClone(account)];
    }
    const account = id ? this.accounts.get(id) : undefined;
    if (method === 'GET' && account) return [200, structuredClone(account)];
    return this.missing('account', id ?? '');
  }

  /** A refund of (part of) a succeeded intent, on the account the intent lives on. */
  private refund(params: URLSearchParams, stripeAccount: string | null): [number, Json] {
    const id = params.get('payment_intent') ?? '';
    const intent = this.paymentIntents.get(id);
    if (!intent || (this.intentAccounts.get(id) ?? null) !== stripeAccount)
      return this.missing('payment_intent', id);
    const left = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
    const amount = Number(params.get('amount') ?? left);
    if (intent.status !== 'succeeded' || amount > left) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Refund refused.',
          },
        },
      ];
    }
    return [200, this.keepRefund(id, amount, 'succeeded')];
  }

  private keepRefund(paymentIntentId: string, amount: number, status: string): Json {
    const refund = {
      id: `re_fake_${++this.counter}`,
      object: 'refund',
      amount,
      payment_intent: paymentIntentId,
      status,
      reason: null,
      created: this.counter,
    };
    this.refunds.set(refund.id, refund);
    const intent = this.paymentIntents.get(paymentIntentId)!;
    if (status !== 'failed') intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
    return structuredClone(refund);
  }

  /** The seller finished Stripe's onboarding (or Stripe reviewed it): the account takes payments. */
  completeOnboarding(accountId: string, fields: Json = {}): Json {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true }, fields);
    return structuredClone(account);
  }

  private createCustomer(params: URLSearchParams): Json {
    const customer = {
      id: `cus_fake_${++this.counter}`,
      object: 'customer',
      name: params.get('name'),
      email: params.get('email'),
      metadata: this.metadata(params),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createSetupIntent(params: URLSearchParams): Json {
    const id = `seti_fake_${++this.counter}`;
    const intent: Json = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_fake`,
      customer: params.get('customer'),
      usage: params.get('usage') ?? 'off_session',
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      metadata: this.metadata(params),
    };
    this.setupIntents.set(id, intent);
    return structuredClone(intent);
  }

  private createPaymentIntent(params: URLSearchParams, stripeAccount: string | null): [number, Json] {
    const id = `pi_fake_${++this.counter}`;
    if (stripeAccount) this.intentAccounts.set(id, stripeAccount);
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount: Number(params.get('amount')),
      currency: params.get('currency'),
      client_secret: `${id}_secret_fake`,
      customer: params.get('customer'),
      description: params.get('description'),
      metadata: this.metadata(params),
      payment_method: params.get('payment_method'),
      setup_future_usage: params.get('setup_future_usage'),
      status: params.get('payment_method') ? 'requires_confirmation' : 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
    };
    this.paymentIntents.set(id, intent);
    if (params.get('confirm') === 'true')
      return this.confirm(intent, params, params.get('off_session') === 'true');
    return [200, this.expand(intent, params)];
  }

  private confirm(intent: Json, params: URLSearchParams, offSession: boolean): [number, Json] {
    const paymentMethodId = params.get('payment_method') ?? (intent.payment_method as string | null);
    if (!paymentMethodId) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: 'No payment method.',
          },
        },
      ];
    }
    intent.payment_method = paymentMethodId;
    this.ensurePaymentMethod(paymentMethodId, intent.customer as string | null);
    const behaviour = this.behaviour(paymentMethodId);
    const outcome = offSession ? behaviour.offSession : behaviour.onSession;
    if (offSession && outcome.status === 'requires_action') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...declineError('authentication_required') };
      return [
        402,
        {
          error: {
            type: 'card_error',
            ...declineError('authentication_required'),
            payment_intent: this.expand(intent, params),
          },
        },
      ];
    }
    this.applyOutcome(intent, outcome);
    if (outcome.status === 'failed') {
      return [
        402,
        {
          error: {
            type: 'card_error',
            ...declineError(outcome.code),
            payment_intent: this.expand(intent, params),
          },
        },
      ];
    }
    return [200, this.expand(intent, params)];
  }

  // --- helpers -------------------------------------------------------------------------------------

  private behaviour(paymentMethodId: string) {
    return savedCardBehaviour(paymentMethodId, LAST4[paymentMethodId] ?? null);
  }

  private ensurePaymentMethod(id: string, customer: string | null): void {
    if (this.paymentMethods.has(id)) return;
    this.paymentMethods.set(id, {
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      card: {
        brand: id.includes('mastercard') ? 'mastercard' : 'visa',
        last4: LAST4[id] ?? '4242',
        exp_month: 12,
        exp_year: 2034,
      },
    });
  }

  private outcomeFields(outcome: TestOutcome, errorField: string): Json {
    if (outcome.status === 'failed') {
      return {
        status: 'requires_payment_method',
        [errorField]: { type: 'card_error', ...declineError(outcome.code) },
      };
    }
    return { status: outcome.status, [errorField]: null };
  }

  private applyOutcome(intent: Json, outcome: TestOutcome): void {
    Object.assign(intent, this.outcomeFields(outcome, 'last_payment_error'));
    intent.next_action =
      outcome.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null;
    if (outcome.status === 'succeeded') this.charges.push(String(intent.id));
  }

  private metadata(params: URLSearchParams): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    return metadata;
  }

  private expand(object: Json, params: URLSearchParams): Json {
    const copy = structuredClone(object);
    const wanted = [...params].filter(([key]) => key.startsWith('expand[')).map(([, value]) => value);
    if (wanted.includes('payment_method') && typeof copy.payment_method === 'string') {
      copy.payment_method = structuredClone(
        this.paymentMethods.get(copy.payment_method) ?? copy.payment_method,
      );
    }
    return copy;
  }

  private missing(kind: string, id: string): [number, Json] {
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: `No such ${kind}: '${id}'`,
        },
      },
    ];
  }

  private error(status: number, error: Json): Response {
    return this.respond(status, { error });
  }

  private respond(status: number, body: Json, headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_fake_${++this.counter}`, ...headers },
    });
  }
}

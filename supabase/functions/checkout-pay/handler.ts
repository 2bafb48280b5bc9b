/**
 * POST /functions/v1/checkout-pay with the anon key — a buyer pays a checkout (docs/checkouts.md
 * «Paying»). The session's secret (from the e-mail step) and then the order's receipt secret are the
 * authority; everything is idempotent by the attempt's `requestId`.
 *
 * - `{ action: 'start', sessionId, sessionToken, requestId, items, bump, couponCode?, buyer, answers,
 *   consent, marketingConsent }` → `begin_checkout_order`, then a PaymentIntent with the key
 *   `checkout:<requestId>` → 200 `{ status: 'requires_confirmation', orderId, orderToken, totalOre,
 *   provider, publishableKey, stripeAccount, clientSecret }`; a 0 kr order settles at once → 200
 *   `{ status: 'succeeded', orderId, orderToken }`. The token is answered once, when the order is
 *   made; a repeated start answers the same order with `orderToken: null` (the page kept it).
 * - `{ action: 'confirm', orderId, orderToken }` → the intent's state now: succeeded settles the order
 *   (once: the page and Stripe's webhook may both try) and e-mails the buyer → `{ status: 'succeeded' }`;
 *   `{ status: 'requires_action', clientSecret }`; `{ status: 'processing' }`; a declined card releases
 *   the order → `{ status: 'failed', error: { code } }` (an answer, not an error status).
 *
 * The payment is the seller's (docs/checkouts.md «Where the money goes»): with Stripe every intent is
 * made, read and confirmed on the organization's connected account (`stripeAccount`, the Stripe-Account
 * header), and a seller whose account cannot take charges yet is refused before anything is reserved:
 * 409 `checkout-seller-not-connected`. The local provider plays both roles.
 *
 * Refusals: the database's catalogue codes with 400 (404 for `checkout-not-found` and
 * `checkout-order-not-found`), 429 `rate-limited` beyond 30 calls a minute per address, 500
 * `payments-not-configured` / `unknown`.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import type { Database } from '../_shared/database.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  type PaymentIntentState,
  type PaymentProvider,
} from '../_shared/payments.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import { checkoutAccount, paymentAccount, type SellerAccount } from '../_shared/seller-accounts.ts';
import { uuidSchema } from '../_shared/validation.ts';
import { sendOrderReceipt } from '../_shared/checkout-orders.ts';
import type { Issued } from '../_shared/receipt.ts';
import { FUNNEL_REFUSALS, funnelContextSchema, funnelPaymentFields, type FunnelOrderDb } from './funnel.ts';

export type OrderRow = Database['public']['Tables']['orders']['Row'];

export interface CheckoutPayDb {
  /** begin_checkout_order; throws an Error whose message is the refusal's code. */
  begin(input: StartInput): Promise<{ order: OrderRow; token: string | null }>;
  /** checkout_order_by_token: null for a wrong token. */
  orderByToken(orderId: string, token: string): Promise<OrderRow | null>;
  recordPayment(
    orderId: string,
    status: string,
    providerPaymentId: string | null,
    failureCode: string | null,
  ): Promise<void>;
  settle(orderId: string, intent: PaymentIntentState): Promise<{ settled: boolean; order: OrderRow }>;
  release(orderId: string, status: 'failed' | 'canceled'): Promise<void>;
  /** issue_checkout_order_receipt: the order's numbered receipt, once, opened by the buyer's token. */
  issueReceipt(orderId: string, buyerToken: string): Promise<Issued>;
  /** What the buyer's e-mail says: the checkout's name, the seller, the buyer's address, the lines. */
  confirmationOf(orderId: string): Promise<OrderConfirmation | null>;
}

export interface OrderConfirmation {
  checkoutName: string;
  sellerName: string;
  sellerContact: string | null;
  email: string;
  name: string | null;
  number: number;
  totalOre: number;
  lines: { description: string; quantity: number }[];
}

/** The seller's connected account (seller_accounts, service role). */
export interface CheckoutSellers {
  /** By the checkout session: undefined for an unknown session. */
  ofSession(sessionId: string): Promise<SellerAccount | null | undefined>;
  ofOrganization(organizationId: string): Promise<SellerAccount | null>;
}

export interface CheckoutPayDeps {
  db: CheckoutPayDb;
  sellers: CheckoutSellers;
  payments: PaymentProvider;
  mailer: Mailer;
  /** The app (the receipt page's link). */
  siteUrl: string;
  /** A funnel's checkout step (funnel.ts); without it a start with `funnel` is refused. */
  funnels?: FunnelOrderDb;
  rateLimiter: RateLimiter;
  limit: RateLimitRule;
  trustedProxies: TrustedProxies;
  log?: Log;
}

export const DEFAULT_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };

const buyerSchema = z
  .object({
    name: z.string().max(200).nullish(),
    phone: z.string().max(40).nullish(),
    company: z.string().max(200).nullish(),
    organizationNumber: z.string().max(20).nullish(),
  })
  .default({});

const startSchema = z.object({
  action: z.literal('start'),
  sessionId: uuidSchema,
  sessionToken: z.string().min(1).max(200),
  requestId: uuidSchema,
  items: z
    .array(z.object({ productId: uuidSchema, quantity: z.number().int().min(1).max(1000) }))
    .min(1)
    .max(20),
  bump: z.boolean().default(false),
  couponCode: z.string().max(40).nullish(),
  buyer: buyerSchema,
  answers: z.record(z.string().max(60), z.union([z.string().max(2000), z.boolean(), z.null()])).default({}),
  consent: z.boolean(),
  marketingConsent: z.boolean().default(false),
  /** Paid on a funnel's checkout step (funnel.ts). */
  funnel: funnelContextSchema,
});

const inputSchema = z.discriminatedUnion('action', [
  startSchema,
  z.object({ action: z.literal('confirm'), orderId: uuidSchema, orderToken: z.string().min(1).max(200) }),
]);

export type StartInput = z.infer<typeof startSchema> & { provider: 'stripe' | 'local' };

const NOT_FOUND = new Set(['checkout-not-found', 'checkout-order-not-found']);
const REFUSALS = new Set([
  'checkout-not-found',
  'checkout-session-invalid',
  'checkout-quantity-invalid',
  'checkout-fields-invalid',
  'checkout-sold-out',
  'checkout-coupon-invalid',
  'checkout-coupon-expired',
  'checkout-coupon-used-up',
  'checkout-order-not-found',
  'participant-consent-required',
  'campaign-rate-limited',
]);

/** The database's refusal as an answer, or null for anything else. */
function refusal(error: unknown): Response | null {
  const code = error instanceof Error ? error.message : '';
  if (!REFUSALS.has(code)) return null;
  if (code === 'campaign-rate-limited') return errorResponse(429, 'rate-limited');
  return errorResponse(NOT_FOUND.has(code) ? 404 : 400, code);
}

export async function handleCheckoutPay(request: Request, deps: CheckoutPayDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  try {
    const limited = await deps.rateLimiter.consume(
      `checkout-pay:ip:${clientIp(request, deps.trustedProxies)}`,
      deps.limit,
    );
    if (!limited.allowed) {
      return errorResponse(429, 'rate-limited', {
        'Retry-After': String(Math.max(1, limited.retryAfterSeconds)),
      });
    }
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(400, 'invalid-input');
    const provider = deps.payments.name;
    if (provider === 'unconfigured') {
      log('checkout-pay: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }

    /** The answer for the intent's state; success settles (once) and e-mails the buyer. */
    const answer = async (order: OrderRow, intent: PaymentIntentState, token: string): Promise<Response> => {
      if (intent.status === 'succeeded') {
        // Stripe's webhook may settle it too: the receipt's issuer e-mails the buyer, once.
        const result = await deps.db.settle(order.id, intent);
        await sendOrderReceipt(order.id, token, result.settled, { ...deps, log });
        return json(200, { status: 'succeeded' });
      }
      if (intent.errorCode || intent.status === 'canceled') {
        await deps.db.recordPayment(order.id, 'pending', intent.id, intent.errorCode);
        await deps.db.release(order.id, intent.status === 'canceled' ? 'canceled' : 'failed');
        return json(200, { status: 'failed', error: { code: intent.errorCode ?? 'card_error' } });
      }
      if (intent.status === 'requires_action') {
        await deps.db.recordPayment(order.id, 'requires_action', intent.id, null);
        return json(200, { status: 'requires_action', clientSecret: intent.clientSecret });
      }
      if (intent.status === 'processing') {
        await deps.db.recordPayment(order.id, 'processing', intent.id, null);
        return json(200, { status: 'processing' });
      }
      return json(200, { status: 'requires_payment_method', clientSecret: intent.clientSecret });
    };

    if (input.action === 'confirm') {
      const order = await deps.db.orderByToken(input.orderId, input.orderToken);
      if (!order) return errorResponse(404, 'checkout-order-not-found');
      if (order.status === 'paid' || order.status === 'refunded') {
        // Settled by another path (the webhook, the expiry job): its receipt, if that path could not issue it.
        await sendOrderReceipt(order.id, input.orderToken, false, { ...deps, log });
        return json(200, { status: 'succeeded' });
      }
      if (order.status === 'failed' || order.status === 'canceled' || order.status === 'expired') {
        return json(200, { status: 'failed', error: { code: order.failure_code ?? 'card_error' } });
      }
      const account = paymentAccount(provider, await deps.sellers.ofOrganization(order.organization_id));
      const intent = order.provider_payment_id
        ? await deps.payments.retrievePayment(order.provider_payment_id, account)
        : null;
      if (!intent) return errorResponse(404, 'checkout-order-not-found');
      return await answer(order, intent, input.orderToken);
    }

    const seller = await deps.sellers.ofSession(input.sessionId);
    // No such session: what begin_checkout_order would answer, before any account is chosen.
    if (seller === undefined) return errorResponse(400, 'checkout-session-invalid');
    const charged = checkoutAccount(provider, seller);
    if (!charged) {
      log('checkout-pay: the seller has no connected account that takes payments');
      return errorResponse(409, 'checkout-seller-not-connected');
    }
    let begun: { order: OrderRow; token: string | null };
    try {
      begun = await deps.db.begin({ ...input, provider });
    } catch (error) {
      const refused = refusal(error);
      if (refused) return refused;
      throw error;
    }
    const { order, token } = begun;
    let funnelFields: { customerId: string | null; saveCard: boolean };
    try {
      funnelFields = await funnelPaymentFields(
        deps.funnels,
        deps.payments,
        order,
        input.funnel,
        charged.stripeAccount,
      );
    } catch (error) {
      if (!(error instanceof Error && FUNNEL_REFUSALS.has(error.message))) throw error;
      await deps.db.release(order.id, 'canceled');
      return errorResponse(404, error.message);
    }
    if (order.total_ore === 0) {
      if (order.status !== 'paid') {
        const result = await deps.db.settle(order.id, freeIntent(order));
        if (token) await sendOrderReceipt(order.id, token, result.settled, { ...deps, log });
      }
      return json(200, { status: 'succeeded', orderId: order.id, orderToken: token });
    }
    let intent: PaymentIntentState;
    try {
      intent = await deps.payments.createPayment({
        organizationId: order.organization_id,
        customerId: funnelFields.customerId,
        saveCard: funnelFields.saveCard,
        amountOre: order.total_ore,
        description: `Ordre ${order.number}`,
        idempotencyKey: `checkout:${input.requestId}`,
        metadata: { order_id: order.id, purpose: 'checkout' },
        paymentMethodId: null,
        stripeAccount: charged.stripeAccount,
      });
    } catch (error) {
      if (error instanceof PaymentRefusedError) {
        await deps.db.release(order.id, 'failed');
        return json(200, { status: 'failed', orderId: order.id, error: { code: error.code } });
      }
      throw error;
    }
    await deps.db.recordPayment(order.id, 'pending', intent.id, null);
    return json(200, {
      status: 'requires_confirmation',
      orderId: order.id,
      orderToken: token,
      totalOre: order.total_ore,
      provider,
      publishableKey: deps.payments.publishableKey,
      stripeAccount: charged.stripeAccount,
      clientSecret: intent.clientSecret,
    });
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError) {
      log('checkout-pay: no payment provider configured', error);
      return errorResponse(500, 'payments-not-configured');
    }
    log('checkout-pay: failed', error);
    return errorResponse(500, 'unknown');
  }
}

/** A 0 kr order: nothing to charge, settled as paid without a card. */
function freeIntent(order: OrderRow): PaymentIntentState {
  return {
    id: `free_${order.id}`,
    status: 'succeeded',
    clientSecret: '',
    amountOre: 0,
    organizationId: order.organization_id,
    metadata: {},
    customerId: null,
    paymentMethodId: null,
    card: null,
    errorCode: null,
    saveCard: false,
  };
}

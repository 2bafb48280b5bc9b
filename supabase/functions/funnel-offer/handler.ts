/**
 * POST /functions/v1/funnel-offer with the anon key — a buyer answers a funnel's offer after paying
 * (docs/funnels.md «Offers and off-session»). The previous order's receipt secret is the authority.
 *
 * - `{ action: 'decline', orderId, orderToken, stepId }` → the decline is recorded → 200 `{ status: 'declined' }`.
 * - `{ action: 'accept', orderId, orderToken, stepId, requestId }` → `begin_funnel_offer_order` (inside
 *   the funnel's offer window, one order per request id), then an off-session charge of the payment
 *   method saved with the previous order (idempotency key `funnel-offer:<requestId>`) →
 *   200 `{ status: 'paid', orderId, orderToken }` (settled once, its own e-mail with its receipt link);
 *   `{ status: 'requires_action', orderId, orderToken, clientSecret, provider, publishableKey }` when the
 *   bank asks for 3-D Secure (the page completes it, then calls `accept` again with the same request
 *   id, which answers the intent's state now); `{ status: 'processing', orderId, orderToken }`; a
 *   declined card releases the order → `{ status: 'failed', error: { code } }`.
 *   `orderToken` is answered once, when the order is made; a repeated request answers null.
 *
 * Refusals: 404 `checkout-order-not-found` / `funnel-step-not-found`, 409 `funnel-offer-expired` /
 * `funnel-offer-unavailable` / `funnel-offer-taken` / `checkout-sold-out`, 429 `rate-limited` beyond 30
 * calls a minute per address, 500 `payments-not-configured` / `unknown`.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  PaymentsNotConfiguredError,
  type PaymentIntentState,
  type PaymentProvider,
} from '../_shared/payments.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import { uuidSchema } from '../_shared/validation.ts';
import { sendConfirmation, type OrderConfirmation, type OrderRow } from '../checkout-pay/handler.ts';

export interface OfferBegun {
  order: OrderRow;
  token: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
}

export interface FunnelOfferDb {
  /** begin_funnel_offer_order; throws an Error whose message is the refusal's code. */
  begin(orderId: string, orderToken: string, stepId: string, requestId: string): Promise<OfferBegun>;
  /** decline_funnel_offer; throws like begin. */
  decline(orderId: string, orderToken: string, stepId: string): Promise<void>;
  recordPayment(
    orderId: string,
    status: string,
    providerPaymentId: string | null,
    failureCode: string | null,
  ): Promise<void>;
  settle(orderId: string, intent: PaymentIntentState): Promise<{ settled: boolean }>;
  release(orderId: string, status: 'failed' | 'canceled'): Promise<void>;
  confirmationOf(orderId: string): Promise<OrderConfirmation | null>;
}

export interface FunnelOfferDeps {
  db: FunnelOfferDb;
  payments: Pick<PaymentProvider, 'name' | 'publishableKey' | 'chargeOffSession' | 'retrievePayment'>;
  mailer: Mailer;
  siteUrl: string;
  rateLimiter: RateLimiter;
  limit: RateLimitRule;
  trustedProxies: TrustedProxies;
  log?: Log;
}

export const DEFAULT_LIMIT: RateLimitRule = { max: 30, windowSeconds: 60 };

const common = { orderId: uuidSchema, orderToken: z.string().min(1).max(200), stepId: uuidSchema };
const inputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), requestId: uuidSchema, ...common }),
  z.object({ action: z.literal('decline'), ...common }),
]);

const REFUSALS: Record<string, number> = {
  'checkout-order-not-found': 404,
  'funnel-not-found': 404,
  'funnel-step-not-found': 404,
  'funnel-offer-expired': 409,
  'funnel-offer-unavailable': 409,
  'funnel-offer-taken': 409,
  'checkout-sold-out': 409,
};

function refusal(error: unknown): Response | null {
  const code = error instanceof Error ? error.message : '';
  return REFUSALS[code] ? errorResponse(REFUSALS[code]!, code) : null;
}

export async function handleFunnelOffer(request: Request, deps: FunnelOfferDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  try {
    const limited = await deps.rateLimiter.consume(
      `funnel-offer:ip:${clientIp(request, deps.trustedProxies)}`,
      deps.limit,
    );
    if (!limited.allowed) {
      return errorResponse(429, 'rate-limited', {
        'Retry-After': String(Math.max(1, limited.retryAfterSeconds)),
      });
    }
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(400, 'invalid-input');

    if (input.action === 'decline') {
      try {
        await deps.db.decline(input.orderId, input.orderToken, input.stepId);
      } catch (error) {
        const refused = refusal(error);
        if (refused) return refused;
        throw error;
      }
      return json(200, { status: 'declined' });
    }

    if (deps.payments.name === 'unconfigured') {
      log('funnel-offer: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }
    let begun: OfferBegun;
    try {
      begun = await deps.db.begin(input.orderId, input.orderToken, input.stepId, input.requestId);
    } catch (error) {
      const refused = refusal(error);
      if (refused) return refused;
      throw error;
    }
    const { order, token } = begun;
    const known = { orderId: order.id, orderToken: token };
    if (order.status === 'paid' || order.status === 'refunded')
      return json(200, { status: 'paid', ...known });
    if (order.status === 'failed' || order.status === 'canceled' || order.status === 'expired') {
      return json(200, { status: 'failed', ...known, error: { code: order.failure_code ?? 'card_error' } });
    }

    // A repeated request (after 3-D Secure, or a lost answer) reads the intent it made.
    let intent = order.provider_payment_id
      ? await deps.payments.retrievePayment(order.provider_payment_id)
      : null;
    if (!intent) {
      const charge = await deps.payments.chargeOffSession({
        organizationId: order.organization_id,
        customerId: begun.customerId,
        paymentMethodId: begun.paymentMethodId ?? '',
        amountOre: order.total_ore,
        description: `Ordre ${order.number}`,
        idempotencyKey: `funnel-offer:${input.requestId}`,
        // purpose checkout: the buyer's browser may complete 3-D Secure without an account, and
        // Stripe's webhook settles it as it settles a checkout's order.
        metadata: { order_id: order.id, purpose: 'checkout' },
      });
      intent = charge.paymentId ? await deps.payments.retrievePayment(charge.paymentId) : null;
      if (!intent) {
        const code = charge.status === 'failed' ? charge.code : 'card_error';
        await deps.db.recordPayment(order.id, 'pending', null, code);
        await deps.db.release(order.id, 'failed');
        return json(200, { status: 'failed', ...known, error: { code } });
      }
    }

    if (intent.status === 'succeeded') {
      const result = await deps.db.settle(order.id, intent);
      // Its own e-mail with its own receipt link, as a checkout's order has.
      if (result.settled && token) await sendConfirmation(deps, order.id, token, log);
      return json(200, { status: 'paid', ...known });
    }
    if (intent.errorCode || intent.status === 'canceled') {
      await deps.db.recordPayment(order.id, 'pending', intent.id, intent.errorCode);
      await deps.db.release(order.id, intent.status === 'canceled' ? 'canceled' : 'failed');
      return json(200, { status: 'failed', ...known, error: { code: intent.errorCode ?? 'card_error' } });
    }
    if (intent.status === 'requires_action') {
      await deps.db.recordPayment(order.id, 'requires_action', intent.id, null);
      return json(200, {
        status: 'requires_action',
        ...known,
        clientSecret: intent.clientSecret,
        provider: deps.payments.name,
        publishableKey: deps.payments.publishableKey,
      });
    }
    await deps.db.recordPayment(order.id, 'processing', intent.id, null);
    return json(200, { status: 'processing', ...known });
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError) {
      log('funnel-offer: no payment provider configured', error);
      return errorResponse(500, 'payments-not-configured');
    }
    log('funnel-offer: failed', error);
    return errorResponse(500, 'unknown');
  }
}

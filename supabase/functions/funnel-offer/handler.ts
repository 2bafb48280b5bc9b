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
 * The charge is a direct charge on the seller's connected account, where the previous payment saved the
 * card (docs/payments.md «Stripe Connect»): a seller whose account takes no charges is refused a new
 * charge with 409 `checkout-seller-not-connected`, as checkout-pay refuses (a charge already made is
 * still read and settled, so a buyer who finished 3-D Secure is never left unpaid). Recording, settling, the numbered receipt
 * and its one e-mail are a checkout order's (`_shared/checkout-orders.ts`).
 *
 * Refusals: 404 `checkout-order-not-found` / `funnel-step-not-found`, 409 `funnel-offer-expired` /
 * `funnel-offer-unavailable` / `funnel-offer-taken` / `checkout-sold-out` / `checkout-seller-not-connected`, 429 `rate-limited` beyond 30
 * calls a minute per address, 500 `payments-not-configured` / `unknown`.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import { settleCheckoutOrder, type CheckoutOrderDb, type OrderRow } from '../_shared/checkout-orders.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { PaymentsNotConfiguredError, type PaymentProvider } from '../_shared/payments.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import { checkoutAccount, paymentAccount, type SellerAccount } from '../_shared/seller-accounts.ts';
import { uuidSchema } from '../_shared/validation.ts';

export interface OfferBegun {
  order: OrderRow;
  token: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
}

/** The offer's own functions beside a checkout order's (recorded, settled, receipted alike). */
export interface FunnelOfferDb extends Pick<
  CheckoutOrderDb,
  'recordPayment' | 'settle' | 'release' | 'issueReceipt' | 'confirmationOf'
> {
  /** begin_funnel_offer_order; throws an Error whose message is the refusal's code. */
  begin(orderId: string, orderToken: string, stepId: string, requestId: string): Promise<OfferBegun>;
  /** decline_funnel_offer; throws like begin. */
  decline(orderId: string, orderToken: string, stepId: string): Promise<void>;
}

export interface FunnelOfferDeps {
  db: FunnelOfferDb;
  /** The seller of the order the offer follows: undefined for an unknown order. */
  sellerOfOrder(orderId: string): Promise<SellerAccount | null | undefined>;
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

    const provider = deps.payments.name;
    if (provider === 'unconfigured') {
      log('funnel-offer: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }
    const seller = await deps.sellerOfOrder(input.orderId);
    if (seller === undefined) return errorResponse(404, 'checkout-order-not-found');
    const charged = checkoutAccount(provider, seller);
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

    // A repeated request (after 3-D Secure, or a lost answer) reads the intent it made, on the account
    // it was made on, whatever that account's state is now.
    const account = paymentAccount(provider, seller) ?? charged?.stripeAccount ?? null;
    let intent = order.provider_payment_id
      ? await deps.payments.retrievePayment(order.provider_payment_id, account)
      : null;
    if (!intent) {
      if (!charged) {
        // A new charge needs an account that takes payments; the order just begun is let go.
        log('funnel-offer: the seller has no connected account that takes payments');
        await deps.db.release(order.id, 'canceled');
        return errorResponse(409, 'checkout-seller-not-connected');
      }
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
        stripeAccount: charged.stripeAccount,
      });
      intent = charge.paymentId ? await deps.payments.retrievePayment(charge.paymentId, account) : null;
      if (!intent) {
        const code = charge.status === 'failed' ? charge.code : 'card_error';
        await deps.db.recordPayment(order.id, 'pending', null, code);
        await deps.db.release(order.id, 'failed');
        return json(200, { status: 'failed', ...known, error: { code } });
      }
    }

    if (intent.status === 'succeeded') {
      // Its own numbered receipt and one e-mail with its link, as a checkout's order has.
      await settleCheckoutOrder(order.id, intent, { ...deps, log }, token);
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

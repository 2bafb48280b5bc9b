/**
 * POST /functions/v1/checkout-orders with the caller's JWT — the seller's actions on a checkout's
 * orders (docs/checkouts.md «Orders and refunds»; owners and admins of the seller).
 *
 * - `{ action: 'refund', orderId, amountOre, reason?, requestId }`: refunds part or all of a paid order
 *   at the payment provider with the key `refund:<requestId>` (a retry never refunds twice), then
 *   records the provider's refund in the order's ledger (once per refund id) with its credit note, which
 *   the buyer is e-mailed when this call recorded it → 200 `{ order }`.
 *
 * Refusals: 401 `unauthorized`; 404 `checkout-order-not-found` (not the caller's to refund);
 * 400 `checkout-refund-invalid` (not paid, nothing or not that much left, or the provider refused);
 * 500 `payments-not-configured`, or `unknown` when the outcome is not known (retry with the same
 * requestId: the provider answers the refund it made).
 */
import type { Caller } from '../_shared/auth.ts';
import { recordCheckoutRefund, type CheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  type PaymentProvider,
} from '../_shared/payments.ts';
import { paymentAccount, type SellerAccount } from '../_shared/seller-accounts.ts';
import { uuidSchema } from '../_shared/validation.ts';

/** What checkout_refundable answers the caller. */
export interface Refundable {
  order_id: string;
  organization_id: string;
  provider: 'local' | 'stripe';
  provider_payment_id: string;
  total_ore: number;
  refunded_ore: number;
}

export interface CheckoutOrdersDeps {
  authenticate(request: Request): Promise<Caller | null>;
  /** checkout_refundable with the caller's JWT: throws an Error whose message is the refusal's code. */
  refundable(caller: Caller, orderId: string): Promise<Refundable>;
  /** record_checkout_refund_credit_note with the service role. */
  refunds: Pick<CheckoutOrderDb, 'recordRefund'>;
  /** The buyer's credit note e-mail. */
  mailer: Mailer;
  /** The app (the receipt page's link). */
  siteUrl: string;
  payments: PaymentProvider;
  /** The seller's connected account: the order was charged on it, so it is refunded there. */
  sellerAccount(organizationId: string): Promise<SellerAccount | null>;
  log?: Log;
}

const inputSchema = z.object({
  action: z.literal('refund'),
  orderId: uuidSchema,
  amountOre: z.number().int().positive().max(100_000_000),
  reason: z.string().max(500).nullish(),
  requestId: uuidSchema,
});

const REFUSALS: Record<string, number> = { 'checkout-order-not-found': 404, 'checkout-refund-invalid': 400 };

export async function handleCheckoutOrders(request: Request, deps: CheckoutOrdersDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  try {
    const caller = await deps.authenticate(request);
    if (!caller) return errorResponse(401, 'unauthorized');
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(400, 'invalid-input');

    let order: Refundable;
    try {
      order = await deps.refundable(caller, input.orderId);
    } catch (error) {
      const code = error instanceof Error ? error.message : '';
      if (REFUSALS[code]) return errorResponse(REFUSALS[code], code);
      throw error;
    }
    if (input.amountOre > order.total_ore - order.refunded_ore)
      return errorResponse(400, 'checkout-refund-invalid');
    if (deps.payments.name !== order.provider) {
      // An order paid through another provider (a test stack's order on a live key, or the reverse).
      log(
        `checkout-orders: order ${order.order_id} was paid with ${order.provider}, ${deps.payments.name} is configured`,
      );
      return errorResponse(400, 'checkout-refund-invalid');
    }

    let refund;
    try {
      refund = await deps.payments.refundPayment({
        paymentId: order.provider_payment_id,
        amountOre: input.amountOre,
        idempotencyKey: `refund:${input.requestId}`,
        stripeAccount: paymentAccount(order.provider, await deps.sellerAccount(order.organization_id)),
      });
    } catch (error) {
      if (error instanceof PaymentRefusedError) return errorResponse(400, 'checkout-refund-invalid');
      throw error;
    }
    const recorded = await recordCheckoutRefund(
      {
        orderId: order.order_id,
        amountOre: refund.amountOre,
        refundId: refund.refundId,
        reason: input.reason?.trim() || null,
        createdBy: caller.id,
      },
      { db: deps.refunds, mailer: deps.mailer, siteUrl: deps.siteUrl, log },
    );
    return json(200, { order: recorded.order });
  } catch (error) {
    if (error instanceof PaymentsNotConfiguredError) {
      log('checkout-orders: no payment provider configured', error);
      return errorResponse(500, 'payments-not-configured');
    }
    log('checkout-orders: failed', error);
    return errorResponse(500, 'unknown');
  }
}

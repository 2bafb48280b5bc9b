/**
 * A paid booking's payment (docs/booking.md «Betaling»), on the checkout's money model: the booking's
 * order is paid with a PaymentIntent on the seller's account (`metadata.purpose = 'checkout'`, so
 * Stripe's webhook settles it and the checkout-order-expiry job releases it, as any order), settled
 * and receipted by the shared checkout-orders module, and refunded through `refundPayment` when the
 * visitor cancels within the rules.
 */
import {
  type CheckoutOrderDb,
  type OrderRow,
  recordCheckoutRefund,
  settleCheckoutOrder,
} from '../_shared/checkout-orders.ts';
import type { Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { PaymentRefusedError, type PaymentIntentState, type PaymentProvider } from '../_shared/payments.ts';
import { checkoutAccount, paymentAccount, type SellerAccount } from '../_shared/seller-accounts.ts';

export interface BookingPaymentDeps {
  provider: PaymentProvider;
  sellerAccount(organizationId: string): Promise<SellerAccount | null>;
  orders: Pick<
    CheckoutOrderDb,
    'order' | 'recordPayment' | 'settle' | 'release' | 'issueReceipt' | 'confirmationOf' | 'recordRefund'
  >;
  mailer: Mailer;
  siteUrl: string;
}

/** What the page's card step needs (the checkout's `requires_confirmation` answer without its order token). */
export interface PaymentStep {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  stripeAccount: string | null;
  clientSecret: string;
  totalOre: number;
  expiresAt: string;
}

/** The intent's state as the page's confirm answers it. */
export type PaymentState =
  | { status: 'succeeded' | 'processing' }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: { code: string } };

/** Thrown when the booking cannot be paid (the order is released, so the slot is free again). */
export class BookingPaymentRefused extends Error {}

function configured(deps: BookingPaymentDeps): 'stripe' | 'local' {
  const name = deps.provider.name;
  if (name === 'unconfigured') throw new BookingPaymentRefused('payments-not-configured');
  return name;
}

/** The intent of a booking's new order, one per booking however often it is asked. */
export async function startBookingPayment(
  bookingId: string,
  order: { id: string; number: number; organization_id: string; total_ore: number; expires_at: string },
  deps: BookingPaymentDeps,
): Promise<PaymentStep> {
  const provider = configured(deps);
  const charged = checkoutAccount(provider, await deps.sellerAccount(order.organization_id));
  if (!charged) {
    await deps.orders.release(order.id, 'canceled');
    throw new BookingPaymentRefused('booking-payments-not-ready');
  }
  let intent: PaymentIntentState;
  try {
    intent = await deps.provider.createPayment({
      organizationId: order.organization_id,
      customerId: null,
      amountOre: order.total_ore,
      description: `Ordre ${order.number}`,
      idempotencyKey: `booking:${bookingId}`,
      metadata: { order_id: order.id, booking_id: bookingId, purpose: 'checkout' },
      paymentMethodId: null,
      stripeAccount: charged.stripeAccount,
    });
  } catch (error) {
    if (error instanceof PaymentRefusedError) {
      await deps.orders.release(order.id, 'failed');
      throw new BookingPaymentRefused('booking-payments-not-ready');
    }
    throw error;
  }
  await deps.orders.recordPayment(order.id, 'pending', intent.id, null);
  return {
    provider,
    publishableKey: deps.provider.publishableKey,
    stripeAccount: charged.stripeAccount,
    clientSecret: intent.clientSecret,
    totalOre: order.total_ore,
    expiresAt: order.expires_at,
  };
}

/**
 * The order's payment now: a success settles it (once; the receipt e-mail from the shared module),
 * which confirms the booking in the database. A declined card keeps the order payable with another
 * card until it expires, so the visitor keeps the slot and everything typed.
 */
export async function confirmBookingPayment(
  orderId: string,
  deps: BookingPaymentDeps & { log: Log },
): Promise<PaymentState> {
  const provider = configured(deps);
  const order = await deps.orders.order(orderId);
  if (!order) return { status: 'failed', error: { code: 'booking-not-found' } };
  if (order.status === 'paid' || order.status === 'refunded') return { status: 'succeeded' };
  if (!['pending', 'requires_action', 'processing'].includes(order.status) || !order.provider_payment_id) {
    return { status: 'failed', error: { code: 'booking-payment-expired' } };
  }
  const account = paymentAccount(provider, await deps.sellerAccount(order.organization_id));
  const intent = await deps.provider.retrievePayment(order.provider_payment_id, account);
  if (!intent) return { status: 'failed', error: { code: 'booking-not-found' } };
  if (intent.status === 'succeeded') {
    await settleCheckoutOrder(order.id, intent, { ...deps, db: deps.orders });
    return { status: 'succeeded' };
  }
  if (intent.status === 'canceled') {
    await deps.orders.release(order.id, 'canceled');
    return { status: 'failed', error: { code: 'card_error' } };
  }
  if (intent.errorCode) {
    await deps.orders.recordPayment(order.id, 'pending', intent.id, intent.errorCode);
    return { status: 'failed', error: { code: intent.errorCode } };
  }
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    await deps.orders.recordPayment(order.id, intent.status, intent.id, null);
    return intent.status === 'processing'
      ? { status: 'processing' }
      : { status: 'requires_action', clientSecret: intent.clientSecret };
  }
  return { status: 'failed', error: { code: 'card_error' } };
}

const REFUND_REASONS = { customer: 'Avbestilt av kunden', organizer: 'Avbestilt av bedriften' } as const;

/**
 * A paid booking cancelled by the visitor within the rules, or by the organization: what is left of
 * its order goes back in full (one refund per booking: the key `refund:booking:<id>`), with its credit
 * note e-mailed once.
 */
export async function refundCancelledBooking(
  bookingId: string,
  orderId: string,
  by: keyof typeof REFUND_REASONS,
  deps: BookingPaymentDeps & { log: Log },
): Promise<OrderRow | null> {
  const order = await deps.orders.order(orderId);
  const left = order ? order.total_ore - order.refunded_ore : 0;
  if (!order || order.status !== 'paid' || left <= 0 || !order.provider_payment_id) return order;
  const provider = configured(deps);
  const refund = await deps.provider.refundPayment({
    paymentId: order.provider_payment_id,
    amountOre: left,
    idempotencyKey: `refund:booking:${bookingId}`,
    stripeAccount: paymentAccount(provider, await deps.sellerAccount(order.organization_id)),
  });
  const recorded = await recordCheckoutRefund(
    { orderId, amountOre: refund.amountOre, refundId: refund.refundId, reason: REFUND_REASONS[by] },
    { ...deps, db: deps.orders },
  );
  return recorded.order;
}

/**
 * POST /functions/v1/stripe-webhook — Stripe's events (docs/payments.md «stripe-webhook»;
 * `verify_jwt = false`: Stripe signs with STRIPE_WEBHOOK_SECRET instead).
 *
 * Order: method → Stripe configured (500 payments-not-configured) → `Stripe-Signature` over the raw
 * body, tolerance 300 s (400 invalid-signature) → `record_stripe_event` (a duplicate id: 200
 * `{ received: true, duplicate: true }`, no effect) → the event → 200 `{ received: true }`. A
 * processing error forgets the event id and answers 500, so Stripe's retry is processed.
 *
 * PaymentIntent events act on the intent's CURRENT state (retrieved; events may arrive out of order):
 * succeeded → settle the pack (receipt, saved card) or confirm the lead purchase and settle its row —
 * when this settle is the first (`settled: true`; buy-lead did not settle it already) the buyer's
 * «lead bought» and the seller's «listing sold» e-mails go out (_shared/lead-notifications.ts); failed
 * or canceled → the row failed and a lead reservation released; processing / requires_action →
 * recorded.
 * `setup_intent.succeeded` saves the card when none is saved; `charge.refunded` → refund_card_payment.
 *
 * Checkout orders (`metadata.purpose = 'checkout'`; docs/checkouts.md «Paying»), also from a seller's
 * connected account (Stripe Connect direct charges: `event.account`, whose intent is read with that
 * account): succeeded → settled once, its receipt issued and the buyer e-mailed by whoever issued it
 * (this event or the page's confirm); payment_failed → the card's code recorded, the order stays
 * payable (Stripe lets the buyer try another card); canceled → released (stock and coupon back);
 * charge.refunded → every refund at Stripe recorded once by its id (a refund made in the dashboard
 * too), each with its credit note. Other events of a connected account are not ours and are ignored.
 */
import {
  failureOf,
  PaymentsDbError,
  rowUpdate,
  saveCard,
  settleSucceeded,
  type CardPaymentRow,
  type CardPaymentsDb,
} from '../_shared/card-payments.ts';
import { errorResponse, json, methodNotAllowed, preflight, type Log } from '../_shared/http.ts';
import {
  recordCheckoutRefund,
  settleCheckoutOrder,
  type CheckoutOrderDb,
  type OrderRow,
} from '../_shared/checkout-orders.ts';
import {
  notifyLeadPurchase,
  type CompletedPurchase,
  type NotificationContext,
} from '../_shared/lead-notifications.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  PaymentsNotConfiguredError,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentIntentState,
  type PaymentProvider,
} from '../_shared/payments.ts';
import { accountUpdated, type AccountUpdatedDeps } from './account-updated.ts';

export interface WebhookDeps {
  db: CardPaymentsDb;
  /** Checkout orders (service role); index.ts always gives them. */
  checkoutOrders?: CheckoutOrderDb;
  payments: PaymentProvider;
  mailer: Mailer;
  siteUrl: string;
  /** Service role: what the lead-purchase e-mails need (supabaseNotificationContext). */
  notificationContext(purchase: CompletedPurchase): Promise<NotificationContext>;
  /** Sellers' connected accounts (account.updated, account-updated.ts). */
  sellerAccounts?: AccountUpdatedDeps;
  log?: Log;
}

/** The events this function acts on; others are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'setup_intent.succeeded',
  'charge.refunded',
  'account.updated',
] as const;

export async function handleStripeWebhook(request: Request, deps: WebhookDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  if (deps.payments.name !== 'stripe') {
    log('stripe-webhook: Stripe is not the configured payment provider');
    return errorResponse(500, 'payments-not-configured');
  }

  let event: PaymentEvent;
  try {
    const payload = await request.text();
    event = await deps.payments.verifyWebhook(payload, request.headers.get('stripe-signature'));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return errorResponse(400, 'invalid-signature');
    log('stripe-webhook: verifying failed', error);
    if (error instanceof PaymentsNotConfiguredError) return errorResponse(500, 'payments-not-configured');
    return errorResponse(500, 'unknown');
  }

  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    return json(200, { received: true, ignored: true });
  }
  try {
    if (!(await deps.db.recordEvent(event.id, event.type))) {
      return json(200, { received: true, duplicate: true });
    }
  } catch (error) {
    log(`stripe-webhook: recording ${event.id} failed`, error);
    return errorResponse(500, 'unknown');
  }

  try {
    await processEvent(event, deps, log);
    return json(200, { received: true });
  } catch (error) {
    log(`stripe-webhook: processing ${event.id} (${event.type}) failed`, error);
    try {
      await deps.db.forgetEvent(event.id);
    } catch (forgetError) {
      log(`stripe-webhook: forgetting ${event.id} failed`, forgetError);
    }
    return errorResponse(500, 'unknown');
  }
}

async function processEvent(event: PaymentEvent, deps: WebhookDeps, log: Log): Promise<void> {
  if (event.type === 'account.updated') return await accountUpdated(event, deps.sellerAccounts, log);
  if (event.paymentIntent?.metadata.purpose === 'checkout') {
    await checkoutIntentChanged(event.paymentIntent, event.account ?? null, deps, log);
    return;
  }
  if (event.refund && deps.checkoutOrders) {
    const order = await deps.checkoutOrders.orderByPaymentId(event.refund.paymentIntentId);
    if (order) {
      await checkoutRefunded(order, event.account ?? null, deps, log);
      return;
    }
  }
  if (event.account) {
    log(`stripe-webhook: ${event.id} (${event.type}) of ${event.account} is no checkout's; ignored`);
    return;
  }
  if (event.paymentIntent) {
    const current = (await deps.payments.retrievePayment(event.paymentIntent.id)) ?? event.paymentIntent;
    await paymentIntentChanged(current, deps, log);
  } else if (event.setupIntent && event.type === 'setup_intent.succeeded') {
    const intent = (await deps.payments.retrieveSetupIntent(event.setupIntent.id)) ?? event.setupIntent;
    const organizationId = intent.organizationId;
    if (!organizationId || !intent.paymentMethodId || intent.status !== 'succeeded') return;
    // The app's complete call saves the card; this only catches a browser that went away first.
    if ((await deps.db.config(organizationId)).paymentMethodId) return;
    await saveCard(organizationId, intent.paymentMethodId, intent.card, { ...deps, log });
  } else if (event.refund) {
    const payment = await deps.db.paymentByProviderId(event.refund.paymentIntentId);
    if (!payment) return;
    try {
      await deps.db.refundPayment(payment.id, event.refund.amountRefundedOre);
    } catch (error) {
      if (error instanceof PaymentsDbError && error.code === 'P0001') {
        log(`stripe-webhook: refund of ${payment.id} not recorded (${error.message})`);
        return;
      }
      throw error;
    }
  }
}

async function paymentIntentChanged(intent: PaymentIntentState, deps: WebhookDeps, log: Log) {
  const cardPaymentId = intent.metadata.card_payment_id;
  let payment: CardPaymentRow | null = cardPaymentId ? await deps.db.payment(cardPaymentId) : null;
  payment ??= await deps.db.paymentByProviderId(intent.id);
  const purchaseId = intent.metadata.purchase_id ?? payment?.lead_purchase_id ?? null;
  if (!payment && !purchaseId) {
    log(`stripe-webhook: ${intent.id} is none of our payments`);
    return;
  }

  if (intent.status === 'succeeded') {
    let confirmed: CompletedPurchase | null = null;
    if (purchaseId) {
      try {
        confirmed = await deps.db.confirmLeadPurchase(purchaseId, intent.id);
      } catch (error) {
        if (error instanceof PaymentsDbError && error.code === 'P0001') {
          // The reservation expired or was released: the buyer paid for nothing — refund by hand.
          log(
            `stripe-webhook: ${intent.id} succeeded but purchase ${purchaseId} is ${error.message}: refund it`,
          );
        } else throw error;
      }
    }
    if (!payment) {
      if (confirmed) log(`stripe-webhook: purchase ${purchaseId} has no card payment row; not notified`);
      return;
    }
    const settlement = await settleSucceeded(payment, intent, { ...deps, log });
    // The first settler of the row notifies (buy-lead's charge or resume, or this event), once.
    if (settlement.settled && confirmed) {
      await notifyLeadPurchase(confirmed, {
        notificationContext: (purchase) => deps.notificationContext(purchase),
        mailer: deps.mailer,
        siteUrl: deps.siteUrl,
        log,
        source: 'stripe-webhook',
      });
    }
    return;
  }
  if (payment) await deps.db.updatePayment(payment.id, rowUpdate(intent));
  if (failureOf(intent) && purchaseId) {
    try {
      await deps.db.releaseLeadPurchase(purchaseId);
    } catch (error) {
      if (!(error instanceof PaymentsDbError && error.code === 'P0001')) throw error;
    }
  }
}

/** A checkout's PaymentIntent changed: act on its state now (events may come late or out of order). */
async function checkoutIntentChanged(
  eventIntent: PaymentIntentState,
  account: string | null,
  deps: WebhookDeps,
  log: Log,
) {
  const db = deps.checkoutOrders;
  if (!db) throw new Error('stripe-webhook: no checkout orders database');
  const intent = (await deps.payments.retrievePayment(eventIntent.id, account)) ?? eventIntent;
  const order =
    (intent.metadata.order_id ? await db.order(intent.metadata.order_id) : null) ??
    (await db.orderByPaymentId(intent.id));
  if (!order || (order.provider_payment_id && order.provider_payment_id !== intent.id)) {
    log(`stripe-webhook: ${intent.id} is no checkout order's payment`);
    return;
  }
  switch (intent.status) {
    case 'succeeded': {
      if (intent.amountOre !== order.total_ore) {
        log(`stripe-webhook: ${intent.id} paid ${intent.amountOre}, order ${order.id} is ${order.total_ore}`);
        return;
      }
      if (!order.provider_payment_id) await db.recordPayment(order.id, 'processing', intent.id, null);
      const result = await settleCheckoutOrder(order.id, intent, {
        db,
        mailer: deps.mailer,
        siteUrl: deps.siteUrl,
        log,
      });
      if (!result.settled && ['failed', 'canceled', 'expired'].includes(result.order.status)) {
        // Released before the money came (a late 3-D Secure, a bank's delay): refund it by hand.
        log(
          `stripe-webhook: ${intent.id} succeeded but order ${order.id} is ${result.order.status}: refund it`,
        );
      }
      return;
    }
    case 'canceled':
      await db.release(order.id, 'canceled');
      return;
    case 'processing':
    case 'requires_action':
      await db.recordPayment(order.id, intent.status, intent.id, null);
      return;
    default:
      // Declined: Stripe keeps the intent for another card, so the order stays payable until it expires.
      if (intent.errorCode) await db.recordPayment(order.id, 'pending', intent.id, intent.errorCode);
  }
}

/** Every refund of the order's payment at Stripe, recorded once by its id (its credit note e-mailed then). */
async function checkoutRefunded(order: OrderRow, account: string | null, deps: WebhookDeps, log: Log) {
  if (!order.provider_payment_id) return;
  const refunds = await deps.payments.listRefunds(order.provider_payment_id, account);
  for (const refund of refunds) {
    if (refund.status !== 'succeeded' && refund.status !== 'pending') continue;
    try {
      await recordCheckoutRefund(
        {
          orderId: order.id,
          amountOre: refund.amountOre,
          refundId: refund.refundId,
          reason: refund.reason ? `Stripe: ${refund.reason}` : null,
        },
        { db: deps.checkoutOrders!, mailer: deps.mailer, siteUrl: deps.siteUrl, log },
      );
    } catch (error) {
      if (error instanceof Error && error.message === 'checkout-refund-invalid') {
        log(`stripe-webhook: refund ${refund.refundId} of order ${order.id} not recorded (beyond its total)`);
        continue;
      }
      throw error;
    }
  }
}

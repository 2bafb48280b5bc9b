/**
 * stripe-webhook with checkout orders (metadata.purpose = 'checkout'): Stripe behind the real client
 * (stripe-fake.ts), the orders in memory with the SQL functions' once-only semantics.
 */
import assert from 'node:assert/strict';
import { FakeCheckoutOrders, startCheckoutOrder } from '../_shared/checkout-orders-fake.ts';
import { settleCheckoutOrder } from '../_shared/checkout-orders.ts';
import { FakeCardPaymentsDb } from '../_shared/card-payments-fake.ts';
import { Stripe } from '../_shared/deps.ts';
import { FakeStripe } from '../_shared/stripe-fake.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import { FakeMailer } from '../_shared/testing.ts';
import { handleStripeWebhook, type WebhookDeps } from './handler.ts';

const WEBHOOK_SECRET = 'whsec_platform';
const CONNECT_SECRET = 'whsec_connect';
const SELLER_ACCOUNT = 'acct_1Seller';
const signer = new Stripe('sk_test_fake');

function setup() {
  const stripe = new FakeStripe();
  const orders = new FakeCheckoutOrders();
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const payments = stripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    connectWebhookSecret: CONNECT_SECRET,
    savedCard: () => Promise.resolve(null),
    fetch: stripe.fetch,
    maxNetworkRetries: 0,
  });
  const deps: WebhookDeps = {
    db: new FakeCardPaymentsDb(),
    checkoutOrders: orders,
    payments,
    mailer,
    siteUrl: 'http://localhost:5173',
    notificationContext: () => Promise.reject(new Error('no lead e-mails here')),
    log: (line) => logs.push(line),
  };

  const startOrder = (account: string | null = null) => startCheckoutOrder(orders, payments, account);

  const send = async (payload: string, secret = WEBHOOK_SECRET) => {
    const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret });
    const response = await handleStripeWebhook(
      new Request('http://functions.test/stripe-webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      }),
      deps,
    );
    return { status: response.status, body: await response.json() };
  };

  /** The intent's event as Stripe sends it (its JSON as the API has it now). */
  const intentEvent = (type: string, intentId: string, id?: string, account?: string) =>
    stripe.event(type, structuredClone(stripe.paymentIntents.get(intentId)!), id, account);

  return { stripe, orders, mailer, logs, deps, payments, startOrder, send, intentEvent };
}

Deno.test(
  'checkout: payment_intent.succeeded settles the order once, issues its receipt and e-mails the buyer',
  async () => {
    const world = setup();
    const { orderId, intentId } = await world.startOrder();
    world.stripe.confirmPayment(intentId, 'pm_card_visa');

    const first = await world.send(world.intentEvent('payment_intent.succeeded', intentId, 'evt_paid'));
    assert.deepEqual(first, { status: 200, body: { received: true } });
    const order = world.orders.orders.get(orderId)!;
    assert.equal(order.status, 'paid');
    assert.equal(order.card_last4, '4242');
    assert.equal(world.mailer.sent.length, 1);
    const mail = world.mailer.sent[0]!;
    assert.equal(mail.to, 'kari@example.no');
    assert.deepEqual(mail.tags, ['checkout-order']);
    // The link carries the token the receipt was issued with (the webhook never saw the order's secret).
    const token = world.orders.receipts.get(orderId)!;
    assert.match(token, /^[0-9a-f]{48}$/);
    assert.ok(
      mail.html.includes(`ordre=${orderId}&amp;token=${token}`) || mail.html.includes(`token=${token}`),
    );

    // Stripe delivers the same event again, and then another event of the same success.
    assert.deepEqual(await world.send(world.intentEvent('payment_intent.succeeded', intentId, 'evt_paid')), {
      status: 200,
      body: { received: true, duplicate: true },
    });
    await world.send(world.intentEvent('payment_intent.succeeded', intentId, 'evt_paid_again'));
    assert.equal(world.orders.settlements, 1);
    assert.equal(world.mailer.sent.length, 1);
  },
);

Deno.test('checkout: after the page confirmed, the webhook changes nothing twice', async () => {
  const world = setup();
  const { orderId, intentId } = await world.startOrder();
  world.stripe.confirmPayment(intentId, 'pm_card_visa');
  // checkout-pay's confirm: the same settle path with the order's own secret.
  const intent = (await world.payments.retrievePayment(intentId))!;
  await settleCheckoutOrder(
    orderId,
    intent,
    { ...world.deps, db: world.orders, log: () => undefined },
    'k'.repeat(48),
  );
  assert.equal(world.mailer.sent.length, 1);

  await world.send(world.intentEvent('payment_intent.succeeded', intentId));
  assert.equal(world.orders.settlements, 1);
  assert.equal(world.mailer.sent.length, 1, 'one e-mail between the two paths');
  assert.equal(world.orders.receipts.get(orderId), 'k'.repeat(48), 'the receipt is the first caller’s');
});

Deno.test(
  'checkout: a declined card is recorded and the order stays payable; canceled releases it',
  async () => {
    const world = setup();
    const { orderId, intentId } = await world.startOrder();
    world.stripe.confirmPayment(intentId, 'pm_card_chargeDeclinedInsufficientFunds');

    await world.send(world.intentEvent('payment_intent.payment_failed', intentId));
    let order = world.orders.orders.get(orderId)!;
    assert.equal(order.status, 'pending');
    assert.equal(order.failure_code, 'insufficient_funds');
    assert.deepEqual(world.orders.released, []);

    world.stripe.paymentIntents.get(intentId)!.status = 'canceled';
    await world.send(world.intentEvent('payment_intent.canceled', intentId, 'evt_canceled'));
    await world.send(world.intentEvent('payment_intent.canceled', intentId, 'evt_canceled_again'));
    order = world.orders.orders.get(orderId)!;
    assert.equal(order.status, 'canceled');
    assert.deepEqual(world.orders.released, [{ orderId, status: 'canceled' }], 'stock and coupon back once');
    assert.equal(world.mailer.sent.length, 0);
  },
);

Deno.test('checkout: an event older than the intent acts on its state now', async () => {
  const world = setup();
  const { orderId, intentId } = await world.startOrder();
  world.stripe.confirmPayment(intentId, 'pm_card_chargeDeclined');
  const failed = world.intentEvent('payment_intent.payment_failed', intentId);
  world.stripe.confirmPayment(intentId, 'pm_card_visa'); // the buyer's second card
  await world.send(failed);
  assert.equal(world.orders.orders.get(orderId)!.status, 'paid');
});

Deno.test('checkout: charge.refunded records every refund once, the dashboard’s too', async () => {
  const world = setup();
  const { orderId, intentId } = await world.startOrder();
  world.stripe.confirmPayment(intentId, 'pm_card_visa');
  await world.send(world.intentEvent('payment_intent.succeeded', intentId));

  // One refund through checkout-orders (already recorded), one in Stripe's dashboard.
  const ours = await world.payments.refundPayment({
    paymentId: intentId,
    amountOre: 49000,
    idempotencyKey: 'refund:1',
  });
  await world.orders.recordRefund({
    orderId,
    amountOre: 49000,
    refundId: ours.refundId,
    reason: null,
    buyerToken: 'x'.repeat(48),
  });
  const mailsBefore = world.mailer.sent.length;
  world.stripe.dashboardRefund(intentId, 20000);
  world.stripe.dashboardRefund(intentId, 5000, 'failed');

  const event = () => world.stripe.event('charge.refunded', world.stripe.chargeOf(intentId));
  assert.equal((await world.send(event())).status, 200);
  assert.equal((await world.send(event())).status, 200);
  const order = world.orders.orders.get(orderId)!;
  assert.equal(order.refunded_ore, 69000);
  assert.equal(world.orders.refunds.size, 2);
  assert.equal(world.orders.creditNotes.length, 2, 'a credit note per refund');
  const notes = world.mailer.sent.slice(mailsBefore);
  assert.equal(notes.length, 1, 'the dashboard refund’s credit note only, once for two events');
  assert.equal(notes[0]!.to, 'kari@example.no');
  assert.equal(notes[0]!.subject, 'Kreditnota nr. 9: kvittering nr. 7');
  const dashboardRefund = [...world.orders.refunds.keys()][1]!;
  assert.ok(
    notes[0]!.text.includes(
      `/kasse/kvittering?ordre=${orderId}&token=${world.orders.creditNoteTokens.get(dashboardRefund)}`,
    ),
    'the link opens the receipt page with the credit note’s token',
  );

  // The rest, in the dashboard: the order is refunded in full.
  world.stripe.dashboardRefund(intentId, 80000);
  await world.send(event());
  assert.equal(world.orders.orders.get(orderId)!.status, 'refunded');
  assert.equal(
    world.mailer.sent.length,
    mailsBefore + 2,
    'the new refund’s credit note, none again for the old',
  );
});

Deno.test('checkout: events of a seller’s connected account are accepted, read on that account', async () => {
  const world = setup();
  const { orderId, intentId } = await world.startOrder(SELLER_ACCOUNT);
  assert.equal(
    world.stripe.requests.at(-1)!.stripeAccount,
    SELLER_ACCOUNT,
    'the direct charge is made on the seller’s account',
  );
  world.stripe.confirmPayment(intentId, 'pm_card_visa');

  const answer = await world.send(
    world.intentEvent('payment_intent.succeeded', intentId, 'evt_connect', SELLER_ACCOUNT),
    CONNECT_SECRET,
  );
  assert.deepEqual(answer, { status: 200, body: { received: true } });
  assert.equal(world.orders.orders.get(orderId)!.status, 'paid');
  const retrieve = world.stripe.requests.filter((request) => request.method === 'GET').at(-1)!;
  assert.equal(retrieve.stripeAccount, SELLER_ACCOUNT);

  world.stripe.dashboardRefund(intentId, 1000);
  await world.send(
    world.stripe.event('charge.refunded', world.stripe.chargeOf(intentId), undefined, SELLER_ACCOUNT),
  );
  assert.equal(world.orders.orders.get(orderId)!.refunded_ore, 1000);
  assert.equal(
    world.stripe.requests.at(-1)!.stripeAccount,
    SELLER_ACCOUNT,
    'the refunds are listed on that account',
  );
});

Deno.test('checkout: a connected account’s event that is no checkout’s is ignored', async () => {
  const world = setup();
  const payload = world.stripe.event(
    'payment_intent.succeeded',
    { id: 'pi_other', object: 'payment_intent', amount: 100, status: 'succeeded', metadata: {} },
    'evt_other',
    SELLER_ACCOUNT,
  );
  assert.deepEqual(await world.send(payload, CONNECT_SECRET), { status: 200, body: { received: true } });
  assert.ok(world.logs.some((line) => line.includes('is no checkout')));
  assert.equal(world.stripe.requests.length, 0, 'nothing asked of Stripe');
});

Deno.test('checkout: a signature of neither secret is refused', async () => {
  const world = setup();
  const { intentId } = await world.startOrder();
  const answer = await world.send(world.intentEvent('payment_intent.succeeded', intentId), 'whsec_wrong');
  assert.equal(answer.status, 400);
});

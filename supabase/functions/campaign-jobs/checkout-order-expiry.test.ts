/**
 * The job checkout-order-expiry through the campaign-jobs handler, the clock driven by the body's
 * `now`: unpaid orders past expires_at are canceled at the provider and released once; one the buyer
 * paid after all is settled (receipt, e-mail); a processing one waits; a seller's connected account is
 * asked on its own account.
 */
import assert from 'node:assert/strict';
import { FakeCheckoutOrders, SELLER_ORG, startCheckoutOrder } from '../_shared/checkout-orders-fake.ts';
import type { Rpc } from '../_shared/database.ts';
import { localCardActions, localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import type { PaymentProvider } from '../_shared/payments.ts';
import { FakeStripe } from '../_shared/stripe-fake.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';

const SERVICE_KEY = 'service.role.key';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

function setup(payments: PaymentProvider, account: string | null = null) {
  const orders = new FakeCheckoutOrders();
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const rpc = ((name: string, args: { input_now?: string; input_limit?: number }) => {
    if (name !== 'checkout_orders_past_expiry') return Promise.reject(new Error(`unexpected rpc ${name}`));
    const now = new Date(args.input_now!).getTime();
    return Promise.resolve(
      [...orders.orders.values()]
        .filter((order) => ['pending', 'requires_action'].includes(order.status))
        .filter((order) => new Date(order.expires_at).getTime() <= now)
        .map((order) => ({
          order_id: order.id,
          organization_id: order.organization_id,
          provider: order.provider,
          provider_payment_id: order.provider_payment_id,
          status: order.status,
        })),
    );
  }) as unknown as Rpc;
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc,
    mailer,
    siteUrl: 'http://localhost:5173',
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: () => Promise.reject(new Error('no files here')),
    checkouts: {
      orders,
      payments,
      paymentAccount: (organizationId) => Promise.resolve(organizationId === SELLER_ORG ? account : null),
    },
    log: (line) => logs.push(line),
  };
  const run = async (now: string) => {
    const response = await handleCampaignJobs(
      post(
        'http://functions.test/campaign-jobs',
        { job: 'checkout-order-expiry', now },
        {
          Authorization: `Bearer ${SERVICE_KEY}`,
        },
      ),
      deps,
    );
    assert.equal(response.status, 200);
    return await response.json();
  };
  /** An order started at 12:00 (expires 12:30), with its intent at the provider or none yet. */
  const startOrder = async (withIntent = true) => {
    if (withIntent) return await startCheckoutOrder(orders, payments, account);
    return { orderId: orders.add({ status: 'pending', provider: 'local' }).id, intentId: null };
  };
  return { orders, mailer, logs, run, startOrder };
}

function stripeWorld() {
  const stripe = new FakeStripe();
  const payments = stripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: null,
    webhookSecret: null,
    savedCard: () => Promise.resolve(null),
    fetch: stripe.fetch,
    maxNetworkRetries: 0,
  });
  return { stripe, payments };
}

function localWorld() {
  const store = memoryLocalStore();
  const payments = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  return { store, payments, actions: localCardActions(store) };
}

Deno.test(
  'checkout-order-expiry: at 12:30 an unpaid order is canceled at the provider and released, once',
  async () => {
    const local = localWorld();
    const world = setup(local.payments);
    const { orderId, intentId } = await world.startOrder();
    const noIntent = await world.startOrder(false);

    assert.deepEqual(await world.run('2026-11-29T12:29:59Z'), {
      job: 'checkout-order-expiry',
      expired: 0,
      settled: 0,
      waiting: 0,
      failed: 0,
    });
    assert.equal(world.orders.orders.get(orderId)!.status, 'pending');

    const at = await world.run('2026-11-29T12:30:00Z');
    assert.equal(at.expired, 2);
    assert.equal((await local.payments.retrievePayment(intentId!))!.status, 'canceled');
    const byId = (a: { orderId: string }, b: { orderId: string }) => a.orderId.localeCompare(b.orderId);
    assert.deepEqual(
      [...world.orders.released].sort(byId),
      [
        { orderId, status: 'expired' },
        { orderId: noIntent.orderId, status: 'expired' },
      ].sort(byId),
    );
    // The canceled intent can no longer be paid.
    const object = await local.actions.intentBySecret(
      (await local.payments.retrievePayment(intentId!))!.clientSecret,
    );
    assert.deepEqual(await local.actions.confirmPayment(object!, CARD), { ok: false, code: 'card_error' });

    assert.equal((await world.run('2026-11-29T12:35:00Z')).expired, 0);
    assert.equal(world.orders.released.length, 2, 'stock and coupon back once');
    assert.equal(world.mailer.sent.length, 0);
  },
);

Deno.test('checkout-order-expiry: an order the buyer paid after all is settled, not released', async () => {
  const local = localWorld();
  const world = setup(local.payments);
  const { orderId, intentId } = await world.startOrder();
  // The buyer paid at 12:29 and closed the page before its confirm call.
  const object = await local.actions.intentBySecret(
    (await local.payments.retrievePayment(intentId!))!.clientSecret,
  );
  assert.equal((await local.actions.confirmPayment(object!, CARD)).ok, true);

  const answer = await world.run('2026-11-29T12:31:00Z');
  assert.equal(answer.settled, 1);
  assert.equal(world.orders.orders.get(orderId)!.status, 'paid');
  assert.deepEqual(world.orders.released, []);
  assert.equal(world.orders.receipts.has(orderId), true, 'its receipt issued');
  assert.equal(world.mailer.sent.length, 1, 'the buyer e-mailed');
  assert.equal((await local.payments.retrievePayment(intentId!))!.status, 'succeeded');
});

Deno.test('checkout-order-expiry: a payment the bank is still processing waits', async () => {
  const { stripe, payments } = stripeWorld();
  const world = setup(payments);
  const { orderId, intentId } = await world.startOrder();
  stripe.paymentIntents.get(intentId!)!.status = 'processing';

  const answer = await world.run('2026-11-29T12:31:00Z');
  assert.equal(answer.waiting, 1);
  assert.equal(world.orders.orders.get(orderId)!.status, 'processing', 'the webhook decides it');
  assert.deepEqual(world.orders.released, []);
  assert.equal((await world.run('2026-11-29T12:36:00Z')).waiting, 0, 'not asked again');
});

Deno.test(
  'checkout-order-expiry: a direct charge is canceled on the seller’s connected account',
  async () => {
    const { stripe, payments } = stripeWorld();
    const world = setup(payments, 'acct_1Seller');
    const { orderId, intentId } = await world.startOrder();

    assert.equal((await world.run('2026-11-29T12:30:00Z')).expired, 1);
    const cancel = stripe.requests.find(
      (request) => request.path === `/v1/payment_intents/${intentId}/cancel`,
    )!;
    assert.equal(cancel.stripeAccount, 'acct_1Seller');
    assert.equal(stripe.paymentIntents.get(intentId!)!.status, 'canceled');
    assert.deepEqual(world.orders.released, [{ orderId, status: 'expired' }]);
  },
);

Deno.test('checkout-order-expiry: a provider that fails leaves the order for the next run', async () => {
  const { stripe, payments } = stripeWorld();
  const world = setup(payments);
  const { orderId } = await world.startOrder();
  stripe.outage = 1;
  assert.equal((await world.run('2026-11-29T12:30:00Z')).failed, 1);
  assert.equal(world.orders.orders.get(orderId)!.status, 'pending');
  assert.equal((await world.run('2026-11-29T12:35:00Z')).expired, 1);
});

/**
 * checkout-pay with Stripe Connect (docs/checkouts.md «Where the money goes»), against Stripe's API
 * answered in memory through the real `npm:stripe` client: the intent is made and read on the seller's
 * connected account (the Stripe-Account header), and a seller without an account that takes charges
 * is refused before an order is begun.
 */
import assert from 'node:assert/strict';
import { paymentsWorld } from '../_shared/payments-testing.ts';
import type { SellerAccount } from '../_shared/seller-accounts.ts';
import { FakeMailer, FakeRateLimiter, post } from '../_shared/testing.ts';
import { DEFAULT_LIMIT, handleCheckoutPay, type CheckoutPayDeps, type OrderRow } from './handler.ts';

const ORG = '00000000-0000-4000-8000-0000000000d1';
const ORDER = '00000000-0000-4000-8000-0000000001a1';
const ACCOUNT = 'acct_1FjordRor';

const ready: SellerAccount = {
  provider: 'stripe',
  id: ACCOUNT,
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  country: 'NO',
};

/** One order, the seller's account as given, Stripe in memory. */
function world(account: SellerAccount | null | undefined) {
  const { stripe, payments } = paymentsWorld('stripe');
  const steps: string[] = [];
  const order = {
    id: ORDER,
    organization_id: ORG,
    number: 1001,
    status: 'pending',
    total_ore: 149000,
    provider_payment_id: null,
    failure_code: null,
  } as unknown as OrderRow;
  const deps: CheckoutPayDeps = {
    db: {
      begin: () => {
        steps.push('begin');
        return Promise.resolve({ order, token: 'kvittering' });
      },
      orderByToken: (_id, token) => Promise.resolve(token === 'kvittering' ? order : null),
      recordPayment: (_id, status, paymentId) => {
        order.provider_payment_id ??= paymentId;
        order.status = status;
        return Promise.resolve();
      },
      settle: () => {
        steps.push('settle');
        order.status = 'paid';
        return Promise.resolve({ settled: true, order });
      },
      release: () => Promise.reject(new Error('not expected')),
      issueReceipt: () => Promise.reject(new Error('no receipts here')),
      confirmationOf: () => Promise.resolve(null),
    },
    sellers: {
      ofSession: () => Promise.resolve(account),
      ofOrganization: (organizationId) => Promise.resolve((organizationId === ORG && account) || null),
    },
    payments,
    mailer: new FakeMailer(),
    siteUrl: 'http://localhost:5173',
    rateLimiter: new FakeRateLimiter(),
    limit: DEFAULT_LIMIT,
    trustedProxies: { has: () => false },
  };
  const call = (body: Record<string, unknown>) =>
    handleCheckoutPay(post('http://functions.test/checkout-pay', body), deps);
  const start = () =>
    call({
      action: 'start',
      sessionId: '00000000-0000-4000-8000-0000000000a1',
      sessionToken: 'hemmelig',
      requestId: '00000000-0000-4000-8000-0000000000b1',
      items: [{ productId: '00000000-0000-4000-8000-0000000000c1', quantity: 1 }],
      consent: true,
    });
  return { stripe, steps, call, start };
}

Deno.test(
  'the intent is a direct charge on the seller’s account, which the page loads Stripe.js with',
  async () => {
    const t = world(ready);
    const response = await t.start();
    assert.equal(response.status, 200);
    const started = (await response.json()) as {
      stripeAccount: string;
      publishableKey: string;
      clientSecret: string;
    };
    assert.equal(started.stripeAccount, ACCOUNT);
    assert.equal(started.publishableKey, 'pk_test_fake');
    const created = t.stripe.requests.filter((request) => request.path === '/v1/payment_intents');
    assert.equal(created.length, 1);
    assert.equal(created[0]!.stripeAccount, ACCOUNT);
    assert.equal(created[0]!.idempotencyKey, 'checkout:00000000-0000-4000-8000-0000000000b1');
    // Every later call about the intent names the account too: the platform cannot see it.
    assert.ok(t.stripe.requests.every((request) => request.stripeAccount === ACCOUNT));

    const intentId = started.clientSecret.replace(/_secret_fake$/, '');
    t.stripe.confirmPayment(intentId, 'pm_card_visa');
    const confirmed = await t.call({ action: 'confirm', orderId: ORDER, orderToken: 'kvittering' });
    assert.deepEqual(await confirmed.json(), { status: 'succeeded' });
    assert.deepEqual(t.steps, ['begin', 'settle']);
    const read = t.stripe.requests.filter((request) => request.method === 'GET');
    assert.ok(read.length > 0);
    assert.ok(read.every((request) => request.stripeAccount === ACCOUNT));
  },
);

Deno.test('a Stripe platform refuses to take the payment for a seller that has not connected', async () => {
  const t = world(null);
  const response = await t.start();
  assert.equal(response.status, 409);
  assert.deepEqual(await response.json(), { error: { code: 'checkout-seller-not-connected' } });
  assert.deepEqual(t.steps, [], 'no order is begun, nothing reserved');
  assert.equal(t.stripe.requests.length, 0, 'nothing is charged on the platform');
});

Deno.test('a seller whose onboarding is not finished cannot take payments yet', async () => {
  const t = world({ ...ready, chargesEnabled: false, detailsSubmitted: false });
  assert.equal((await t.start()).status, 409);
  const local = world({ ...ready, provider: 'local', id: 'acct_local_x' });
  assert.equal((await local.start()).status, 409, 'a local test account is not a Stripe account');
  assert.equal(local.stripe.requests.length, 0);
});

Deno.test(
  'an unknown session is refused as begin_checkout_order would, before any account is chosen',
  async () => {
    const t = world(undefined);
    const response = await t.start();
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: { code: 'checkout-session-invalid' } });
    assert.deepEqual(t.steps, []);
  },
);

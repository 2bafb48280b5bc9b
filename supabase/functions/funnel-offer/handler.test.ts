/**
 * funnel-offer against the local provider (its store in memory) and a fake database: one order and one
 * off-session charge per request id, settled and e-mailed once; 3-D Secure answered with the client
 * secret and completed by asking again; a declined card releases the order; refusals and «Nei takk».
 * The charge is made on the seller's connected account; a seller without one is refused a new charge.
 */
import assert from 'node:assert/strict';
import { localCardActions, localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import { FakeMailer, FakeRateLimiter, post } from '../_shared/testing.ts';
import type { OrderRow } from '../_shared/checkout-orders.ts';
import type { SellerAccount } from '../_shared/seller-accounts.ts';
import { DEFAULT_LIMIT, handleFunnelOffer, type FunnelOfferDeps } from './handler.ts';

const PARENT = '00000000-0000-4000-8000-0000000000a1';
const STEP = '00000000-0000-4000-8000-0000000000b1';
const REQUEST = '00000000-0000-4000-8000-0000000000c1';
const ORG = '00000000-0000-4000-8000-0000000000d1';
const ACCOUNT = 'acct_local_seller';

const localSeller: SellerAccount = {
  provider: 'local',
  id: ACCOUNT,
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  country: 'NO',
};

async function world(
  testCard = '4242424242424242',
  refuse: string | null = null,
  seller: SellerAccount | null = localSeller,
) {
  const store = memoryLocalStore();
  const payments = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  const last4 = testCard.slice(-4);
  await store.put(`pm_local_${last4}_1`, 'payment_method', ORG, {
    object: 'payment_method',
    type: 'card',
    card: { brand: 'visa', last4, exp_month: 12, exp_year: 2030 },
    customer: 'cus_local_1',
    test_card: testCard,
  });
  const orders = new Map<string, OrderRow & { token: string }>();
  const events: string[] = [];
  const receipts = new Set<string>();
  const mailer = new FakeMailer();
  const deps: FunnelOfferDeps = {
    db: {
      begin(orderId, orderToken, _stepId, requestId) {
        if (orderId !== PARENT || orderToken !== 'kvittering') {
          return Promise.reject(new Error('checkout-order-not-found'));
        }
        if (refuse) return Promise.reject(new Error(refuse));
        const meta = { customerId: 'cus_local_1', paymentMethodId: `pm_local_${last4}_1` };
        const existing = [...orders.values()].find((o) => o.idempotency_key === `funnel-offer:${requestId}`);
        if (existing) return Promise.resolve({ order: existing, token: null, ...meta });
        const id = `00000000-0000-4000-8000-00000000010${orders.size}`;
        const order = {
          id,
          organization_id: ORG,
          number: 1002 + orders.size,
          status: 'pending',
          total_ore: 19900,
          idempotency_key: `funnel-offer:${requestId}`,
          provider_payment_id: null,
          failure_code: null,
          token: `token-${id}`,
        } as unknown as OrderRow & { token: string };
        orders.set(id, order);
        return Promise.resolve({ order, token: order.token, ...meta });
      },
      decline(orderId, orderToken) {
        if (orderId !== PARENT || orderToken !== 'kvittering') {
          return Promise.reject(new Error('checkout-order-not-found'));
        }
        events.push('decline');
        return Promise.resolve();
      },
      recordPayment(id, status, paymentId, failureCode) {
        const order = orders.get(id)!;
        order.provider_payment_id ??= paymentId;
        order.failure_code = failureCode ?? order.failure_code;
        if (order.status !== 'paid') order.status = status;
        return Promise.resolve();
      },
      settle(id, intent) {
        const order = orders.get(id)!;
        const settled = order.status !== 'paid';
        order.status = 'paid';
        if (settled) events.push(`settle ${id} ${intent.paymentMethodId}`);
        return Promise.resolve({ settled, order });
      },
      issueReceipt(id) {
        const created = !receipts.has(id);
        receipts.add(id);
        return Promise.resolve({ created } as Awaited<ReturnType<FunnelOfferDeps['db']['issueReceipt']>>);
      },
      release(id, status) {
        orders.get(id)!.status = status;
        events.push(`release ${id} ${status}`);
        return Promise.resolve();
      },
      confirmationOf: (id) =>
        Promise.resolve({
          checkoutName: 'Rørkurs pluss',
          sellerName: 'Fjord Rør AS',
          sellerContact: 'post@fjordror.no',
          email: 'kari@example.no',
          name: 'Kari Nordmann',
          number: orders.get(id)!.number,
          totalOre: orders.get(id)!.total_ore,
          lines: [{ description: 'Rørkurs pluss', quantity: 1 }],
        }),
    },
    sellerOfOrder: (orderId) => Promise.resolve(orderId === PARENT ? seller : undefined),
    payments,
    mailer,
    siteUrl: 'http://localhost:5173',
    rateLimiter: new FakeRateLimiter(),
    limit: DEFAULT_LIMIT,
    trustedProxies: { has: () => false },
  };
  return { deps, store, orders, events, mailer };
}

const call = async (deps: FunnelOfferDeps, body: Record<string, unknown>) => {
  const response = await handleFunnelOffer(post('http://functions.test/funnel-offer', body), deps);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const accept = (deps: FunnelOfferDeps, overrides: Record<string, unknown> = {}) =>
  call(deps, {
    action: 'accept',
    orderId: PARENT,
    orderToken: 'kvittering',
    stepId: STEP,
    requestId: REQUEST,
    ...overrides,
  });

const intents = (store: Awaited<ReturnType<typeof world>>['store']) =>
  [...store.objects.values()].filter((object) => object.kind === 'payment_intent');

Deno.test(
  'one click charges the saved card once, settles once and e-mails the new receipt once',
  async () => {
    const { deps, store, events, mailer } = await world();
    const first = await accept(deps);
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'paid');
    assert.match(String(first.body.orderToken), /^token-/);
    const again = await accept(deps);
    assert.equal(again.body.status, 'paid');
    assert.equal(again.body.orderId, first.body.orderId);
    assert.equal(again.body.orderToken, null);
    assert.equal(intents(store).length, 1);
    assert.equal(intents(store)[0]!.data.off_session, true);
    // A direct charge on the seller's account, where the checkout saved the card.
    assert.equal(intents(store)[0]!.data.account, ACCOUNT);
    assert.deepEqual(events, [`settle ${first.body.orderId} pm_local_4242_1`]);
    assert.equal(mailer.sent.length, 1);
    assert.match(mailer.sent[0]!.html, new RegExp(`ordre=${first.body.orderId}&amp;token=token-`));
  },
);

Deno.test('3-D Secure: requires_action with the client secret, then the same request settles', async () => {
  const { deps, store, events } = await world('4000002760003184');
  const first = await accept(deps);
  assert.equal(first.body.status, 'requires_action');
  assert.equal(first.body.provider, 'local');
  assert.match(String(first.body.clientSecret), /_secret_/);
  const actions = localCardActions(store);
  const intent = await actions.intentBySecret(String(first.body.clientSecret));
  assert.equal((await actions.authenticate(intent!, true)).ok, true);
  const after = await accept(deps);
  assert.equal(after.body.status, 'paid');
  assert.equal(intents(store).length, 1);
  assert.equal(events.filter((event) => event.startsWith('settle')).length, 1);
});

Deno.test('a rejected 3-D Secure step fails and releases the order', async () => {
  const { deps, store, events } = await world('4000002760003184');
  const first = await accept(deps);
  const actions = localCardActions(store);
  await actions.authenticate((await actions.intentBySecret(String(first.body.clientSecret)))!, false);
  const after = await accept(deps);
  assert.deepEqual(after.body.error, { code: 'authentication_required' });
  assert.deepEqual(events, [`release ${first.body.orderId} failed`]);
});

Deno.test('a declined card is an answer and gives the order back', async () => {
  const { deps, events } = await world('4000000000000002');
  const answer = await accept(deps);
  assert.equal(answer.status, 200);
  assert.equal(answer.body.status, 'failed');
  assert.deepEqual(answer.body.error, { code: 'card_declined' });
  assert.deepEqual(events, [`release ${answer.body.orderId} failed`]);
});

Deno.test('refusals: a wrong receipt secret, a closed window, bad input', async () => {
  const { deps } = await world();
  assert.equal((await accept(deps, { orderToken: 'feil' })).status, 404);
  const closed = await world('4242424242424242', 'funnel-offer-expired');
  const expired = await accept(closed.deps);
  assert.equal(expired.status, 409);
  assert.deepEqual(expired.body, { error: { code: 'funnel-offer-expired' } });
  assert.equal((await accept(deps, { requestId: 'nei' })).status, 400);
});

Deno.test('«Nei takk» records the decline and charges nothing', async () => {
  const { deps, store, events } = await world();
  const answer = await call(deps, {
    action: 'decline',
    orderId: PARENT,
    orderToken: 'kvittering',
    stepId: STEP,
  });
  assert.deepEqual(answer.body, { status: 'declined' });
  assert.deepEqual(events, ['decline']);
  assert.equal(intents(store).length, 0);
});

Deno.test('a seller whose account takes no charges is refused, and the order just begun let go', async () => {
  const { deps, store, orders, events } = await world('4242424242424242', null, null);
  const stripeLike = { ...deps, payments: { ...deps.payments, name: 'stripe' as const } };
  const answer = await accept(stripeLike);
  assert.equal(answer.status, 409);
  assert.deepEqual(answer.body, { error: { code: 'checkout-seller-not-connected' } });
  assert.deepEqual(
    [...orders.values()].map((order) => order.status),
    ['canceled'],
  );
  assert.equal(events.length, 1);
  assert.equal(intents(store).length, 0);
  assert.equal((await accept(deps, { orderId: ORG })).status, 404);
});

Deno.test("3-D Secure finished after the seller's account stopped taking charges still settles", async () => {
  const { deps, store, events } = await world('4000002760003184');
  const first = await accept(deps);
  const actions = localCardActions(store);
  await actions.authenticate((await actions.intentBySecret(String(first.body.clientSecret)))!, true);
  // The buyer has paid on the account the charge was made on; reading it needs no new charge.
  const halted: SellerAccount = { ...localSeller, provider: 'stripe', chargesEnabled: false };
  const later = {
    ...deps,
    payments: { ...deps.payments, name: 'stripe' as const },
    sellerOfOrder: () => Promise.resolve(halted),
  };
  const after = await accept(later);
  assert.equal(after.body.status, 'paid');
  assert.equal(events.filter((event) => event.startsWith('settle')).length, 1);
});

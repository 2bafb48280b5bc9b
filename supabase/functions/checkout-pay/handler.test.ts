/**
 * checkout-pay against the local provider (its store in memory) and a fake database: one order and
 * one PaymentIntent however often an attempt starts; a paid card settles once and e-mails the buyer
 * once; a declined card releases the order; the refusals and the rate limit.
 */
import assert from 'node:assert/strict';
import { localCardActions, localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import { sampleReceipt } from '../_shared/receipt-fake.ts';
import { FakeMailer, FakeRateLimiter, post } from '../_shared/testing.ts';
import { DEFAULT_LIMIT, handleCheckoutPay, type CheckoutPayDeps, type OrderRow } from './handler.ts';

const SESSION = '00000000-0000-4000-8000-0000000000a1';
const REQUEST = '00000000-0000-4000-8000-0000000000b1';
const PRODUCT = '00000000-0000-4000-8000-0000000000c1';
const ORG = '00000000-0000-4000-8000-0000000000d1';

function world() {
  const store = memoryLocalStore();
  const payments = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  const actions = localCardActions(store);
  const orders = new Map<string, OrderRow & { token: string }>();
  const receipts = new Map<string, string>();
  const events: string[] = [];
  const mailer = new FakeMailer();
  const deps: CheckoutPayDeps = {
    db: {
      begin(input) {
        if (input.sessionToken !== 'hemmelig') return Promise.reject(new Error('checkout-session-invalid'));
        const existing = [...orders.values()].find(
          (order) => order.idempotency_key === `checkout:${input.requestId}`,
        );
        if (existing) return Promise.resolve({ order: existing, token: null });
        const id = `00000000-0000-4000-8000-00000000010${orders.size}`;
        const order = {
          id,
          organization_id: ORG,
          number: 1001 + orders.size,
          status: 'pending',
          total_ore: 149000 * input.items[0]!.quantity,
          idempotency_key: `checkout:${input.requestId}`,
          provider_payment_id: null,
          failure_code: null,
          token: `token-${id}`,
        } as unknown as OrderRow & { token: string };
        orders.set(id, order);
        events.push(`begin ${id}`);
        return Promise.resolve({ order, token: order.token });
      },
      orderByToken: (id, token) => Promise.resolve(orders.get(id)?.token === token ? orders.get(id)! : null),
      recordPayment(id, status, paymentId) {
        const order = orders.get(id)!;
        order.provider_payment_id ??= paymentId;
        if (order.status !== 'paid') order.status = status;
        return Promise.resolve();
      },
      settle(id) {
        const order = orders.get(id)!;
        const settled = order.status !== 'paid';
        order.status = 'paid';
        if (settled) events.push(`settle ${id}`);
        return Promise.resolve({ settled, order });
      },
      release(id, status) {
        orders.get(id)!.status = status;
        events.push(`release ${id} ${status}`);
        return Promise.resolve();
      },
      issueReceipt(id, token) {
        const created = !receipts.has(id);
        if (created) receipts.set(id, token);
        return Promise.resolve({ created, receipt: sampleReceipt({ source_kind: 'order', source_id: id }) });
      },
      confirmationOf: (id) =>
        Promise.resolve({
          checkoutName: 'Rørsjekk hjemme',
          sellerName: 'Fjord Rør AS',
          sellerContact: 'post@fjordror.no',
          email: 'kari@example.no',
          name: 'Kari Nordmann',
          number: orders.get(id)!.number,
          totalOre: orders.get(id)!.total_ore,
          lines: [{ description: 'Rørsjekk hjemme', quantity: 1 }],
        }),
    },
    sellers: { ofSession: () => Promise.resolve(null), ofOrganization: () => Promise.resolve(null) },
    payments,
    mailer,
    siteUrl: 'http://localhost:5173',
    rateLimiter: new FakeRateLimiter(),
    limit: DEFAULT_LIMIT,
    trustedProxies: { has: () => false },
  };
  return { deps, store, actions, orders, events, mailer };
}

const call = (deps: CheckoutPayDeps, body: Record<string, unknown>) =>
  handleCheckoutPay(post('http://functions.test/checkout-pay', body), deps);

const start = (deps: CheckoutPayDeps, overrides: Record<string, unknown> = {}) =>
  call(deps, {
    action: 'start',
    sessionId: SESSION,
    sessionToken: 'hemmelig',
    requestId: REQUEST,
    items: [{ productId: PRODUCT, quantity: 1 }],
    consent: true,
    ...overrides,
  });

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

Deno.test('the same attempt twice makes one order and one PaymentIntent', async () => {
  const { deps, store } = world();
  const first = (await (await start(deps)).json()) as Record<string, unknown>;
  assert.equal(first.status, 'requires_confirmation');
  assert.equal(first.provider, 'local');
  assert.equal(first.totalOre, 149000);
  assert.match(String(first.orderToken), /^token-/);
  const again = (await (await start(deps)).json()) as Record<string, unknown>;
  assert.equal(again.orderId, first.orderId);
  assert.equal(again.orderToken, null);
  assert.equal(again.clientSecret, first.clientSecret);
  assert.equal([...store.objects.values()].filter((object) => object.kind === 'payment_intent').length, 1);
});

Deno.test(
  'a paid card settles the order once and e-mails the buyer once, with the receipt link',
  async () => {
    const { deps, actions, events, mailer } = world();
    const started = (await (await start(deps)).json()) as {
      orderId: string;
      orderToken: string;
      clientSecret: string;
    };
    const intent = await actions.intentBySecret(started.clientSecret);
    await actions.confirmPayment(intent!, card('4242424242424242'));
    const confirm = { action: 'confirm', orderId: started.orderId, orderToken: started.orderToken };
    assert.deepEqual(await (await call(deps, confirm)).json(), { status: 'succeeded' });
    assert.deepEqual(await (await call(deps, confirm)).json(), { status: 'succeeded' });
    assert.deepEqual(
      events.filter((event) => event.startsWith('settle')),
      [`settle ${started.orderId}`],
    );
    assert.equal(mailer.sent.length, 1);
    assert.equal(mailer.sent[0]!.subject, 'Ordrebekreftelse 1001: Rørsjekk hjemme');
    assert.ok(
      mailer.sent[0]!.text.includes(`/kasse/kvittering?ordre=${started.orderId}&token=${started.orderToken}`),
    );
  },
);

Deno.test('3-D Secure: requires_action with the secret, then succeeded once the bank approves', async () => {
  const { deps, actions } = world();
  const started = (await (await start(deps)).json()) as {
    orderId: string;
    orderToken: string;
    clientSecret: string;
  };
  const intent = await actions.intentBySecret(started.clientSecret);
  await actions.confirmPayment(intent!, card('4000002760003184'));
  const confirm = { action: 'confirm', orderId: started.orderId, orderToken: started.orderToken };
  const pending = (await (await call(deps, confirm)).json()) as { status: string; clientSecret: string };
  assert.equal(pending.status, 'requires_action');
  await actions.authenticate((await actions.intentBySecret(started.clientSecret))!, true);
  assert.deepEqual(await (await call(deps, confirm)).json(), { status: 'succeeded' });
});

Deno.test('a declined card fails with its code and releases the order', async () => {
  const { deps, actions, events, mailer } = world();
  const started = (await (await start(deps)).json()) as {
    orderId: string;
    orderToken: string;
    clientSecret: string;
  };
  await actions.confirmPayment(
    (await actions.intentBySecret(started.clientSecret))!,
    card('4000000000000002'),
  );
  const answer = await call(deps, {
    action: 'confirm',
    orderId: started.orderId,
    orderToken: started.orderToken,
  });
  assert.deepEqual(await answer.json(), { status: 'failed', error: { code: 'card_declined' } });
  assert.ok(events.includes(`release ${started.orderId} failed`));
  assert.equal(mailer.sent.length, 0);
});

Deno.test(
  'refusals: a wrong session secret, a wrong order token, bad input; and the rate limit',
  async () => {
    const { deps } = world();
    const wrong = await start(deps, { sessionToken: 'feil' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(await wrong.json(), { error: { code: 'checkout-session-invalid' } });
    const unknown = await call(deps, { action: 'confirm', orderId: SESSION, orderToken: 'feil' });
    assert.equal(unknown.status, 404);
    assert.equal((await start(deps, { items: [] })).status, 400);
    const limited = { ...deps, limit: { max: 1, windowSeconds: 60 } };
    await start(limited);
    assert.equal((await start(limited)).status, 429);
  },
);

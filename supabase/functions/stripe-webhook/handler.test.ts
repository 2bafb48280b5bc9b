import assert from 'node:assert/strict';
import { Stripe } from '../_shared/deps.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import { ORG, paymentsWorld, WEBHOOK_SECRET, withCard } from '../_shared/payments-testing.ts';
import { errorCode, FakeMailer } from '../_shared/testing.ts';
import { handleStripeWebhook, type WebhookDeps } from './handler.ts';

const URL_ = 'http://functions.test/stripe-webhook';
const PACK = '00000000-0000-4000-8000-00000000aa25';
const PURCHASE = '00000000-0000-4000-8000-0000000000e1';
const signer = new Stripe('sk_test_fake');

function setup() {
  const world = paymentsWorld('stripe');
  world.db.packs.set(PACK, { kind: 'tickets', amount: 25, priceOre: 125000, marketplaceId: 'm' });
  withCard(world, 'pm_card_visa');
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const deps: WebhookDeps = {
    db: world.db,
    payments: world.payments,
    mailer,
    siteUrl: 'http://localhost:5173',
    log: (line) => logs.push(line),
  };
  const send = async (
    payload: string,
    options: { secret?: string; timestamp?: number; signature?: string | null } = {},
  ) => {
    const signature =
      options.signature === undefined
        ? await signer.webhooks.generateTestHeaderStringAsync({
            payload,
            secret: options.secret ?? WEBHOOK_SECRET,
            timestamp: options.timestamp,
          })
        : options.signature;
    return handleStripeWebhook(
      new Request(URL_, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature ? { 'Stripe-Signature': signature } : {}),
        },
        body: payload,
      }),
      deps,
    );
  };

  /** A pack payment the app started, with its PaymentIntent at Stripe in `status`. */
  const packPayment = async (status: 'processing' | 'succeeded' | 'requires_payment_method') => {
    const row = await world.db.startPackPayment({
      organizationId: ORG,
      kind: 'tickets',
      packId: PACK,
      idempotencyKey: `pack:${crypto.randomUUID()}`,
      provider: 'stripe',
      createdBy: 'user',
    });
    const intent = await world.payments.createPayment({
      organizationId: ORG,
      customerId: 'cus_saved',
      amountOre: row.amount_ore,
      description: row.description,
      idempotencyKey: row.idempotency_key,
      metadata: { card_payment_id: row.id, purpose: row.purpose },
      paymentMethodId: null,
    });
    await world.db.updatePayment(row.id, { status: 'processing', providerPaymentId: intent.id });
    const stored = world.stripe.paymentIntents.get(intent.id)!;
    stored.status = status;
    stored.payment_method = 'pm_card_visa';
    if (status === 'requires_payment_method') {
      stored.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      };
    }
    return { row, intent: stored };
  };
  return { ...world, mailer, logs, deps, send, packPayment };
}

Deno.test(
  'signature: a bad signature, a wrong secret, no header and an old timestamp are 400 invalid-signature',
  async () => {
    const t = setup();
    const { intent } = await t.packPayment('succeeded');
    const payload = t.stripe.event('payment_intent.succeeded', intent);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, Parameters<typeof t.send>[1]][] = [
      ['tampered', { signature: `t=${now},v1=${'0'.repeat(64)}` }],
      ['wrong secret', { secret: 'whsec_someone_else' }],
      ['no header', { signature: null }],
      ['garbage', { signature: 'nonsense' }],
      ['old timestamp', { timestamp: now - 301 }],
    ];
    for (const [label, options] of cases) {
      const response = await t.send(payload, options);
      assert.equal(response.status, 400, label);
      assert.equal(await errorCode(response), 'invalid-signature', label);
    }
    // A body changed after signing.
    const signature = await signer.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const changed = await t.send(payload.replace('"livemode":false', '"livemode":true'), { signature });
    assert.equal(changed.status, 400);
    await changed.body?.cancel();
    assert.equal(t.db.ledger.length, 0);
    assert.equal(t.db.events.size, 0);
  },
);

Deno.test(
  'payment_intent.succeeded settles the pack once (receipt); a duplicate event has no effect',
  async () => {
    const t = setup();
    const { row, intent } = await t.packPayment('succeeded');
    const payload = t.stripe.event('payment_intent.succeeded', intent, 'evt_settle');
    const response = await t.send(payload);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { received: true });
    assert.equal(t.db.ledger.length, 1);
    assert.deepEqual(t.db.balanceOf(ORG), { tickets: 25, credits: 0 });
    assert.equal(t.db.payments.get(row.id)!.status, 'succeeded');
    assert.equal(t.mailer.sent.length, 1);

    const duplicate = await t.send(payload);
    assert.equal(duplicate.status, 200);
    assert.deepEqual(await duplicate.json(), { received: true, duplicate: true });
    // Another event about the same intent (Stripe may send several): settling again changes nothing.
    const other = await t.send(t.stripe.event('payment_intent.succeeded', intent, 'evt_other'));
    assert.equal(other.status, 200);
    await other.body?.cancel();
    assert.equal(t.db.ledger.length, 1);
    assert.equal(t.mailer.sent.length, 1);
    // A signature a few minutes old is still fine (tolerance 300 s).
    const recent = await t.send(t.stripe.event('payment_intent.processing', intent, 'evt_recent'), {
      timestamp: Math.floor(Date.now() / 1000) - 200,
    });
    assert.equal(recent.status, 200);
    await recent.body?.cancel();
  },
);

Deno.test(
  'events act on the intent’s current state: a stale processing event after success changes nothing',
  async () => {
    const t = setup();
    const { row, intent } = await t.packPayment('succeeded');
    const stale = { ...intent, status: 'processing' };
    const response = await t.send(t.stripe.event('payment_intent.processing', stale));
    assert.equal(response.status, 200);
    await response.body?.cancel();
    // The current state (succeeded) was retrieved and settled.
    assert.equal(t.db.payments.get(row.id)!.status, 'succeeded');
    assert.equal(t.db.ledger.length, 1);
  },
);

Deno.test('payment_intent.payment_failed marks the row failed; processing is recorded', async () => {
  const t = setup();
  const { row, intent } = await t.packPayment('requires_payment_method');
  const response = await t.send(t.stripe.event('payment_intent.payment_failed', intent));
  assert.equal(response.status, 200);
  await response.body?.cancel();
  const failed = t.db.payments.get(row.id)!;
  assert.equal(failed.status, 'failed');
  assert.equal(failed.failure_code, 'insufficient_funds');
  assert.equal(t.db.ledger.length, 0);

  const pending = await t.packPayment('processing');
  await t.send(t.stripe.event('payment_intent.processing', pending.intent));
  assert.equal(t.db.payments.get(pending.row.id)!.status, 'processing');
});

Deno.test('on-demand leads: succeeded confirms the purchase, failed releases the reservation', async () => {
  const t = setup();
  const lead = await t.db.startLeadPayment(PURCHASE, 'stripe');
  const charge = await t.payments.createPayment({
    organizationId: ORG,
    customerId: 'cus_saved',
    amountOre: 49900,
    description: 'Lead',
    idempotencyKey: `buy-lead:${PURCHASE}`,
    metadata: { purchase_id: PURCHASE, card_payment_id: lead.id },
    paymentMethodId: null,
  });
  const stored = t.stripe.paymentIntents.get(charge.id)!;
  stored.status = 'succeeded';
  const response = await t.send(t.stripe.event('payment_intent.succeeded', stored));
  assert.equal(response.status, 200);
  await response.body?.cancel();
  assert.ok(t.db.calls.includes(`confirmLead ${PURCHASE} ${charge.id}`));
  assert.equal(t.db.payments.get(lead.id)!.status, 'succeeded');
  assert.equal(t.db.ledger.length, 0);
  assert.equal(t.mailer.sent.length, 0);

  const other = '00000000-0000-4000-8000-0000000000e2';
  const declined = await t.payments.createPayment({
    organizationId: ORG,
    customerId: 'cus_saved',
    amountOre: 49900,
    description: 'Lead',
    idempotencyKey: `buy-lead:${other}`,
    metadata: { purchase_id: other },
    paymentMethodId: null,
  });
  const failed = t.stripe.paymentIntents.get(declined.id)!;
  failed.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure' };
  const answer = await t.send(t.stripe.event('payment_intent.payment_failed', failed));
  assert.equal(answer.status, 200);
  await answer.body?.cancel();
  assert.ok(t.db.calls.includes(`releaseLead ${other}`));
});

Deno.test('setup_intent.succeeded saves the card when none is saved; charge.refunded refunds', async () => {
  const t = setup();
  t.db.configs.delete(ORG);
  const intent = await t.payments.createSetupIntent({ organizationId: ORG, customerId: 'cus_1' });
  t.stripe.confirmSetup(intent.id, 'pm_card_mastercard');
  const stored = t.stripe.setupIntents.get(intent.id)!;
  const response = await t.send(t.stripe.event('setup_intent.succeeded', stored));
  assert.equal(response.status, 200);
  await response.body?.cancel();
  assert.equal((await t.db.config(ORG)).paymentMethodId, 'pm_card_mastercard');
  assert.equal((await t.db.config(ORG)).cardLast4, '4444');

  const { row, intent: paid } = await t.packPayment('succeeded');
  await t.send(t.stripe.event('payment_intent.succeeded', paid));
  const refund = await t.send(
    t.stripe.event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paid.id,
      amount: 125000,
      amount_refunded: 50000,
    }),
  );
  assert.equal(refund.status, 200);
  await refund.body?.cancel();
  assert.equal(t.db.payments.get(row.id)!.status, 'refunded');
  assert.equal(t.db.payments.get(row.id)!.refunded_ore, 50000);
});

Deno.test('unknown event types are acknowledged and ignored', async () => {
  const t = setup();
  const response = await t.send(t.stripe.event('customer.created', { id: 'cus_1', object: 'customer' }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { received: true, ignored: true });
  assert.equal(t.db.events.size, 0);
});

Deno.test(
  'a processing error forgets the event and answers 500, so Stripe’s retry is processed',
  async () => {
    const t = setup();
    const { intent } = await t.packPayment('succeeded');
    const payload = t.stripe.event('payment_intent.succeeded', intent, 'evt_retry');
    t.db.failOnce.add('settlePayment');
    const failed = await t.send(payload);
    assert.equal(failed.status, 500);
    assert.equal(await errorCode(failed), 'unknown');
    assert.ok(t.db.calls.includes('forget evt_retry'));
    assert.equal(t.db.ledger.length, 0);
    const retried = await t.send(payload);
    assert.equal(retried.status, 200);
    assert.deepEqual(await retried.json(), { received: true });
    assert.equal(t.db.ledger.length, 1);
  },
);

Deno.test('without STRIPE_WEBHOOK_SECRET or with another provider: 500 payments-not-configured', async () => {
  const t = setup();
  t.deps.payments = stripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: null,
    webhookSecret: null,
    savedCard: () => Promise.resolve(null),
    fetch: t.stripe.fetch,
  });
  const payload = t.stripe.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
  const response = await t.send(payload);
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'payments-not-configured');

  const local = paymentsWorld('local');
  t.deps.payments = local.payments;
  const refused = await t.send(payload);
  assert.equal(refused.status, 500);
  assert.equal(await errorCode(refused), 'payments-not-configured');
  const get = await handleStripeWebhook(new Request(URL_), t.deps);
  assert.equal(get.status, 405);
  await get.body?.cancel();
});

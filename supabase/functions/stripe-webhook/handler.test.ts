import assert from 'node:assert/strict';
import { handleBuyLead, type BuyLeadDb, type BuyLeadDeps } from '../buy-lead/handler.ts';
import { leadPurchase } from '../_shared/card-payments-fake.ts';
import { FakeCheckoutOrders } from '../_shared/checkout-orders-fake.ts';
import { Stripe } from '../_shared/deps.ts';
import type { CompletedPurchase, NotificationContext } from '../_shared/lead-notifications.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import {
  as,
  authenticate,
  MEMBER,
  ORG,
  paymentsWorld,
  WEBHOOK_SECRET,
  withCard,
} from '../_shared/payments-testing.ts';
import { errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { handleStripeWebhook, type WebhookDeps } from './handler.ts';

const URL_ = 'http://functions.test/stripe-webhook';
const PACK = '00000000-0000-4000-8000-00000000aa25';
const PURCHASE = '00000000-0000-4000-8000-0000000000e1';
const signer = new Stripe('sk_test_fake');

/** Both organizations want the e-mails: 2 «lead bought» (buyer) + 1 «listing sold» (seller). */
function notificationContext(): NotificationContext {
  return {
    title: 'Nytt bad i Bergen sentrum',
    marketplaceName: 'Håndverkertorget',
    buyer: {
      name: 'Fjord Rør AS',
      sendToEmail: true,
      recipients: ['ola@fjordror.no', 'kari@fjordror.no'],
      events: ['lead_bought'],
    },
    seller: {
      name: 'Vestland Tak AS',
      sendToEmail: true,
      recipients: ['siri@vestlandtak.no'],
      events: ['listing_sold'],
    },
  };
}

/** The lead e-mails sent so far, as `tag to` (sorted). */
function leadMails(mailer: FakeMailer): string[] {
  return mailer.sent
    .filter((mail) => mail.tags?.[0] !== 'receipt')
    .map((mail) => `${mail.tags?.[0]} ${mail.to}`)
    .sort();
}

const BOTH_EMAILS = [
  'lead-bought kari@fjordror.no',
  'lead-bought ola@fjordror.no',
  'listing-sold siri@vestlandtak.no',
];

function setup() {
  const world = paymentsWorld('stripe');
  world.db.packs.set(PACK, { kind: 'tickets', amount: 25, priceOre: 125000, marketplaceId: 'm' });
  withCard(world, 'pm_card_visa');
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const contexts: CompletedPurchase[] = [];
  const deps: WebhookDeps = {
    db: world.db,
    checkoutOrders: new FakeCheckoutOrders(),
    payments: world.payments,
    mailer,
    siteUrl: 'http://localhost:5173',
    notificationContext(purchase) {
      contexts.push(purchase);
      return Promise.resolve(notificationContext());
    },
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
  return { ...world, mailer, logs, contexts, deps, send, packPayment };
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
    amountOre: lead.amount_ore,
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
  // The webhook settled the row first: it sends the buyer's and the seller's e-mails (no receipt).
  assert.deepEqual(leadMails(t.mailer), BOTH_EMAILS);
  assert.equal(t.mailer.sent.length, 3);

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

/** A buy-lead over the same fake database and Stripe (the real handler, as the app calls it). */
function buyLeadOver(t: ReturnType<typeof setup>): (body?: Record<string, unknown>) => Promise<Response> {
  const completed = leadPurchase(PURCHASE);
  const db: BuyLeadDb = {
    buyLead: () =>
      Promise.resolve({
        status: 'reserved',
        purchase_id: PURCHASE,
        payment: 'card',
        amount_ore: 49900,
        reserved_until: '2026-11-22T05:15:00Z',
        lead_id: completed.lead_id,
        advertised_lead_id: completed.advertised_lead_id,
        organization_id: ORG,
        seller_organization_id: completed.seller_organization_id,
        marketplace_id: completed.marketplace_id,
      }),
    confirmPurchase: (purchaseId, reference) => t.db.confirmLeadPurchase(purchaseId, reference),
    releasePurchase: (purchaseId) => t.db.releaseLeadPurchase(purchaseId),
    isMember: () => Promise.resolve(true),
    purchase: (_caller, purchaseId) =>
      Promise.resolve({
        id: purchaseId,
        state: t.db.leadStates.get(purchaseId) ?? 'reserved',
        lead_id: completed.lead_id,
        advertised_lead_id: completed.advertised_lead_id,
        organization_id: ORG,
        amount_ore: 49900,
        reserved_until: '2026-11-22T05:15:00Z',
      }),
    notificationContext: (purchase) => t.deps.notificationContext(purchase),
    startCardPayment: (purchaseId, provider) => t.db.startLeadPayment(purchaseId, provider),
    async updateCardPayment(paymentId, update) {
      await t.db.updatePayment(paymentId, update);
    },
    async settleCardPayment(paymentId) {
      return (await t.db.settlePayment(paymentId)).settled;
    },
  };
  const deps: BuyLeadDeps = {
    authenticate,
    db,
    payments: t.payments,
    mailer: t.mailer,
    receipts: t.db,
    siteUrl: 'http://localhost:5173',
    log: (line) => t.logs.push(line),
    retryDelayMs: 0,
  };
  const body = {
    leadId: completed.lead_id,
    advertisedLeadId: completed.advertised_lead_id,
    organizationId: ORG,
  };
  return (extra = {}) =>
    handleBuyLead(post('http://functions.test/buy-lead', { ...body, ...extra }, as(MEMBER)), deps);
}

Deno.test(
  'lead bought after 3-D Secure, buyer gone: the webhook confirms and sends both e-mails once; a later resume and repeated events send none',
  async () => {
    const t = setup();
    withCard(t, 'pm_card_authenticationRequired', '3184');
    const buyLead = buyLeadOver(t);
    const first = await buyLead();
    assert.equal(first.status, 200);
    assert.equal(await errorCode(first), 'authentication_required');
    assert.equal(t.mailer.sent.length, 0);

    // The cardholder approves at the bank and closes the browser: only Stripe's event arrives.
    const [intentId] = [...t.stripe.paymentIntents.keys()];
    t.stripe.authenticate(intentId!, true);
    const intent = t.stripe.paymentIntents.get(intentId!)!;
    const response = await t.send(t.stripe.event('payment_intent.succeeded', intent, 'evt_lead'));
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(t.db.leadStates.get(PURCHASE), 'completed');
    const row = [...t.db.payments.values()].find((payment) => payment.lead_purchase_id === PURCHASE)!;
    assert.equal(row.status, 'succeeded');
    assert.deepEqual(leadMails(t.mailer), BOTH_EMAILS);
    assert.equal(t.contexts.length, 1);
    assert.equal(t.contexts[0]!.purchase_id, PURCHASE);
    const bought = t.mailer.sent.find((mail) => mail.tags?.[0] === 'lead-bought')!;
    assert.ok(bought.text.includes('for 499,00 kr eks. mva.'));
    assert.ok(bought.text.includes('http://localhost:5173/leads/lead/'));

    // The same event again, another event of the intent, and the app's late resume: no more e-mails.
    const duplicate = await t.send(t.stripe.event('payment_intent.succeeded', intent, 'evt_lead'));
    await duplicate.body?.cancel();
    const other = await t.send(t.stripe.event('payment_intent.succeeded', intent, 'evt_lead_again'));
    assert.equal(other.status, 200);
    await other.body?.cancel();
    const resumed = await buyLead({ purchaseId: PURCHASE });
    assert.equal(resumed.status, 200);
    assert.equal(((await resumed.json()) as { purchase: { status: string } }).purchase.status, 'completed');
    assert.equal(t.mailer.sent.length, 3);
    assert.equal(t.stripe.charges.length, 1);
  },
);

Deno.test(
  'buy-lead completes the purchase first (charge or resume): the webhook after it sends no e-mails',
  async () => {
    // Off-session charge succeeded at once: buy-lead settles and notifies; then Stripe's event.
    const t = setup();
    const buyLead = buyLeadOver(t);
    const bought = await buyLead();
    assert.equal(bought.status, 200);
    await bought.body?.cancel();
    assert.deepEqual(leadMails(t.mailer), BOTH_EMAILS);
    const [intentId] = [...t.stripe.paymentIntents.keys()];
    const intent = t.stripe.paymentIntents.get(intentId!)!;
    assert.equal(intent.status, 'succeeded');
    const response = await t.send(t.stripe.event('payment_intent.succeeded', intent));
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.ok(t.db.calls.includes(`confirmLead ${PURCHASE} ${intentId}`));
    assert.equal(t.mailer.sent.length, 3);

    // 3-D Secure, the app's resume confirms and notifies; the webhook arriving after it sends none.
    const r = setup();
    withCard(r, 'pm_card_authenticationRequired', '3184');
    const resumeBuy = buyLeadOver(r);
    assert.equal(await errorCode(await resumeBuy()), 'authentication_required');
    const [resumeIntentId] = [...r.stripe.paymentIntents.keys()];
    r.stripe.authenticate(resumeIntentId!, true);
    const resumed = await resumeBuy({ purchaseId: PURCHASE });
    assert.equal(resumed.status, 200);
    await resumed.body?.cancel();
    assert.deepEqual(leadMails(r.mailer), BOTH_EMAILS);
    const late = await r.send(
      r.stripe.event('payment_intent.succeeded', r.stripe.paymentIntents.get(resumeIntentId!)!),
    );
    assert.equal(late.status, 200);
    await late.body?.cancel();
    assert.equal(r.mailer.sent.length, 3);
    assert.equal(r.stripe.charges.length, 1);
  },
);

Deno.test('a lead bought on demand: one receipt, whether buy-lead or the webhook settles first', async () => {
  // buy-lead first, then Stripe's event (the fake's lead rows belong to 'lead-buyer').
  const t = setup();
  t.db.configs.set('lead-buyer', { ...t.db.configs.get(ORG)!, receiptEmails: ['regnskap@fjordror.no'] });
  const bought = await buyLeadOver(t)();
  assert.equal(bought.status, 200);
  await bought.body?.cancel();
  const [intentId] = [...t.stripe.paymentIntents.keys()];
  const late = await t.send(
    t.stripe.event('payment_intent.succeeded', t.stripe.paymentIntents.get(intentId!)!),
  );
  await late.body?.cancel();
  const receipts = t.mailer.sent.filter((mail) => mail.tags?.[0] === 'receipt');
  assert.deepEqual(
    receipts.map((mail) => mail.to),
    ['regnskap@fjordror.no'],
  );
  assert.match(receipts[0]!.text, /Org\.nr\. 999 999 999 MVA/);
  assert.match(receipts[0]!.text, /Betalt inkl\. mva\.: 623,75 kr/);

  // 3-D Secure and the buyer gone: the webhook settles, the app's late resume sends no second one.
  const r = setup();
  r.db.configs.set('lead-buyer', { ...r.db.configs.get(ORG)!, receiptEmails: ['regnskap@fjordror.no'] });
  withCard(r, 'pm_card_authenticationRequired', '3184');
  const buyLead = buyLeadOver(r);
  assert.equal(await errorCode(await buyLead()), 'authentication_required');
  const [pending] = [...r.stripe.paymentIntents.keys()];
  r.stripe.authenticate(pending!, true);
  const event = await r.send(
    r.stripe.event('payment_intent.succeeded', r.stripe.paymentIntents.get(pending!)!),
  );
  await event.body?.cancel();
  const resumed = await buyLead({ purchaseId: PURCHASE });
  await resumed.body?.cancel();
  assert.equal(r.mailer.sent.filter((mail) => mail.tags?.[0] === 'receipt').length, 1);
  assert.equal(r.db.receipts.bySource.size, 1);
});

Deno.test(
  'a succeeded lead payment whose purchase was released: logged for a refund, no e-mails',
  async () => {
    const t = setup();
    const lead = await t.db.startLeadPayment(PURCHASE, 'stripe');
    t.db.leadStates.set(PURCHASE, 'released');
    const charge = await t.payments.createPayment({
      organizationId: ORG,
      customerId: 'cus_saved',
      amountOre: lead.amount_ore,
      description: 'Lead',
      idempotencyKey: `buy-lead:${PURCHASE}`,
      metadata: { purchase_id: PURCHASE, card_payment_id: lead.id },
      paymentMethodId: null,
    });
    t.stripe.paymentIntents.get(charge.id)!.status = 'succeeded';
    const response = await t.send(
      t.stripe.event('payment_intent.succeeded', t.stripe.paymentIntents.get(charge.id)!),
    );
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(t.mailer.sent.length, 0);
    assert.ok(t.logs.some((line) => line.includes('lead-purchase-released: refund it')));
  },
);

import assert from 'node:assert/strict';
import { failingPaymentProvider } from '../_shared/payments.ts';
import {
  as,
  authenticate,
  MEMBER,
  ORG,
  OTHER_ORG,
  OWNER,
  paymentsWorld,
  withCard,
  type PaymentsWorld,
} from '../_shared/payments-testing.ts';
import { declineCode, errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { handlePaymentsPack, packIdempotencyKey, type PackDeps } from './handler.ts';

const URL_ = 'http://functions.test/payments-pack';
const PACK = '00000000-0000-4000-8000-00000000aa25';
const CREDITS = '00000000-0000-4000-8000-00000000bb10';
const MARKET = '00000000-0000-4000-8000-0000000000d1';

function setup(provider: 'stripe' | 'local' = 'stripe') {
  const world = paymentsWorld(provider);
  world.db.packs.set(PACK, { kind: 'tickets', amount: 25, priceOre: 125000, marketplaceId: MARKET });
  world.db.packs.set(CREDITS, { kind: 'credits', amount: 100, priceOre: 50000, marketplaceId: MARKET });
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const deps: PackDeps = {
    authenticate,
    db: world.db,
    payments: world.payments,
    mailer,
    siteUrl: 'http://localhost:5173/',
    log: (message) => logs.push(message),
  };
  const call = (body: unknown, user = OWNER) => handlePaymentsPack(post(URL_, body, as(user)), deps);
  const buy = (overrides: Record<string, unknown> = {}, requestId: string = crypto.randomUUID()) =>
    call({
      action: 'buy',
      organizationId: ORG,
      kind: 'tickets',
      packId: PACK,
      requestId,
      card: 'saved',
      ...overrides,
    });
  const confirm = (paymentId: string, user = OWNER) =>
    call({ action: 'confirm', organizationId: ORG, paymentId }, user);
  return { ...world, mailer, logs, deps, call, buy, confirm };
}

type Setup = ReturnType<typeof setup>;

const balance = (world: PaymentsWorld) => world.db.balanceOf(ORG);
const onlyPayment = (world: PaymentsWorld) => {
  const rows = [...world.db.payments.values()];
  assert.equal(rows.length, 1);
  return rows[0]!;
};

function assertUnchanged(t: Setup) {
  assert.deepEqual(balance(t), { tickets: 0, credits: 0 });
  assert.equal(t.db.ledger.length, 0);
  assert.equal(t.mailer.sent.length, 0);
}

Deno.test(
  'saved card (Stripe): charged once on-session, settled with the ledger row, receipt e-mail',
  async () => {
    const t = setup();
    withCard(t, 'pm_card_visa');
    const requestId = crypto.randomUUID();
    const response = await t.buy({}, requestId);
    assert.equal(response.status, 200);
    const body = await response.json();
    const payment = onlyPayment(t);
    assert.deepEqual(body, {
      status: 'succeeded',
      paymentId: payment.id,
      balance: { tickets: 25, credits: 0 },
    });
    assert.equal(payment.status, 'succeeded');
    assert.equal(payment.card_last4, '4242');
    assert.match(payment.provider_payment_id ?? '', /^pi_fake_/);
    assert.deepEqual(t.db.ledger, [
      {
        organizationId: ORG,
        kind: 'tickets_purchase',
        tickets: 25,
        credits: 0,
        amountOre: 125000,
        reference: `card_payment ${payment.id}`,
      },
    ]);
    // The request Stripe got: the pack's price, the saved card, confirmed at once, the purchase's key.
    const create = t.stripe.requests.find((request) => request.path === '/v1/payment_intents')!;
    assert.equal(create.idempotencyKey, packIdempotencyKey(requestId));
    assert.equal(create.params.get('amount'), '125000');
    assert.equal(create.params.get('currency'), 'nok');
    assert.equal(create.params.get('payment_method'), 'pm_card_visa');
    assert.equal(create.params.get('customer'), 'cus_saved');
    assert.equal(create.params.get('confirm'), 'true');
    assert.equal(create.params.get('off_session'), null);
    assert.equal(create.params.get('metadata[card_payment_id]'), payment.id);
    assert.equal(t.stripe.charges.length, 1);

    assert.equal(t.mailer.sent.length, 1);
    const mail = t.mailer.sent[0]!;
    assert.equal(mail.to, 'regnskap@fjordror.no');
    assert.equal(mail.subject, 'Kvittering: 25 klipp – Leadtorget');
    assert.match(mail.text, /Org\.nr\. 999 999 999 MVA, Foretaksregisteret/);
    assert.match(mail.text, /Kvitteringsnummer: 1\n/);
    assert.match(mail.text, /Mva\. 25 %: 250,00 kr/);
    assert.match(mail.text, /Betalt inkl\. mva\.: 1 250,00 kr/);
    assert.match(mail.text, /Betalt med: Visa •••• 4242/);
    assert.match(mail.text, /http:\/\/localhost:5173\/payments/);
  },
);

Deno.test('credit packs add credits', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  const response = await t.buy({ kind: 'credits', packId: CREDITS });
  assert.equal(response.status, 200);
  assert.deepEqual((await response.json()).balance, { tickets: 0, credits: 100 });
  assert.equal(t.db.ledger[0]!.kind, 'credits_purchase');
});

Deno.test(
  'every decline code: 200 failed with the code (an answer), the row failed, balances untouched',
  async () => {
    const cases: [string, string][] = [
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'invalid_cvc'],
      ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
    ];
    for (const [paymentMethod, code] of cases) {
      const t = setup();
      withCard(t, paymentMethod);
      const response = await t.buy();
      assert.equal(await declineCode(response), code, paymentMethod);
      const payment = onlyPayment(t);
      assert.equal(payment.status, 'failed');
      assert.equal(payment.failure_code, code);
      assert.equal(payment.settled_at, null);
      assertUnchanged(t);
      assert.equal(t.stripe.charges.length, 0);
    }
  },
);

Deno.test('3-D Secure: requires_action with the client secret, then confirm settles once', async () => {
  const t = setup();
  withCard(t, 'pm_card_authenticationRequired', '3184');
  const response = await t.buy();
  assert.equal(response.status, 200);
  const body = await response.json();
  const payment = onlyPayment(t);
  assert.equal(body.status, 'requires_action');
  assert.equal(body.paymentId, payment.id);
  assert.equal(body.provider, 'stripe');
  assert.equal(body.publishableKey, 'pk_test_fake');
  assert.match(body.clientSecret, /^pi_fake_\d+_secret_fake$/);
  assert.equal(payment.status, 'requires_action');
  assertUnchanged(t);

  // Still waiting for the cardholder: the same answer.
  const waiting = await t.confirm(payment.id);
  assert.equal((await waiting.json()).status, 'requires_action');

  t.stripe.authenticate(payment.provider_payment_id!, true);
  const confirmed = await t.confirm(payment.id);
  assert.equal(confirmed.status, 200);
  assert.deepEqual(await confirmed.json(), {
    status: 'succeeded',
    paymentId: payment.id,
    balance: { tickets: 25, credits: 0 },
  });
  const again = await t.confirm(payment.id);
  assert.equal((await again.json()).status, 'succeeded');
  assert.equal(t.db.ledger.length, 1);
  assert.equal(t.mailer.sent.length, 1);
  assert.equal(t.stripe.charges.length, 1);
});

Deno.test(
  '3-D Secure declined by the cardholder or the bank afterwards: declined (200 failed), nothing changes',
  async () => {
    const rejected = setup();
    withCard(rejected, 'pm_card_authenticationRequired', '3184');
    const first = await (await rejected.buy()).json();
    rejected.stripe.authenticate(onlyPayment(rejected).provider_payment_id!, false);
    const answer = await rejected.confirm(first.paymentId);
    assert.equal(await declineCode(answer), 'authentication_required');
    assertUnchanged(rejected);

    const afterwards = setup();
    withCard(afterwards, 'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds', '3178');
    const started = await (await afterwards.buy()).json();
    assert.equal(started.status, 'requires_action');
    afterwards.stripe.authenticate(onlyPayment(afterwards).provider_payment_id!, true);
    const declined = await afterwards.confirm(started.paymentId);
    assert.equal(await declineCode(declined), 'insufficient_funds');
    assert.equal(onlyPayment(afterwards).status, 'failed');
    assertUnchanged(afterwards);
  },
);

Deno.test(
  'idempotent replay: five concurrent buys with one requestId → one intent, one charge, one settlement',
  async () => {
    for (const provider of ['stripe', 'local'] as const) {
      const t = setup(provider);
      withCard(t, 'pm_card_visa');
      t.stripe.latencyMs = 5;
      const requestId = crypto.randomUUID();
      const responses = await Promise.all(Array.from({ length: 5 }, () => t.buy({}, requestId)));
      const bodies = await Promise.all(responses.map((response) => response.json()));
      const payment = onlyPayment(t);
      for (const [index, response] of responses.entries()) {
        assert.equal(response.status, 200, `${provider} ${index}`);
        assert.equal(bodies[index].status, 'succeeded');
        assert.equal(bodies[index].paymentId, payment.id);
        assert.deepEqual(bodies[index].balance, { tickets: 25, credits: 0 });
      }
      assert.equal(t.db.ledger.length, 1, provider);
      assert.deepEqual(balance(t), { tickets: 25, credits: 0 });
      assert.equal(t.mailer.sent.length, 1);
      if (provider === 'stripe') {
        assert.equal(t.stripe.charges.length, 1);
        assert.equal(t.stripe.paymentIntents.size, 1);
      } else {
        const intents = [...t.store.objects.values()].filter((object) => object.kind === 'payment_intent');
        assert.equal(intents.length, 1);
      }
      // Later: the same requestId answers from the settled row without asking the provider again.
      const before = t.stripe.requests.length;
      const later = await t.buy({}, requestId);
      assert.equal((await later.json()).status, 'succeeded');
      assert.equal(t.stripe.requests.length, before);
    }
  },
);

Deno.test(
  'a new card: requires_confirmation, the browser confirms, confirm settles and saves the card',
  async () => {
    const t = setup();
    withCard(t, 'pm_card_visa');
    const response = await t.buy({ card: 'new', saveCard: true });
    assert.equal(response.status, 200);
    const body = await response.json();
    const payment = onlyPayment(t);
    assert.deepEqual(body, {
      status: 'requires_confirmation',
      paymentId: payment.id,
      clientSecret: `${payment.provider_payment_id}_secret_fake`,
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
    });
    const create = t.stripe.requests.find((request) => request.path === '/v1/payment_intents')!;
    assert.equal(create.params.get('setup_future_usage'), 'off_session');
    assert.equal(create.params.get('confirm'), null);
    assertUnchanged(t);

    t.stripe.confirmPayment(payment.provider_payment_id!, 'pm_card_mastercard');
    const confirmed = await t.confirm(payment.id);
    assert.equal(confirmed.status, 200);
    assert.equal((await confirmed.json()).status, 'succeeded');
    const config = await t.db.config(ORG);
    assert.equal(config.paymentMethodId, 'pm_card_mastercard');
    assert.equal(config.cardLast4, '4444');
    assert.ok(
      t.stripe.requests.some((request) => request.path === '/v1/payment_methods/pm_card_visa/detach'),
    );
    assert.equal(t.db.ledger.length, 1);
  },
);

Deno.test('a new card that is declined: 200 failed on confirm, nothing saved or settled', async () => {
  const t = setup();
  const body = await (await t.buy({ card: 'new' })).json();
  t.stripe.confirmPayment(onlyPayment(t).provider_payment_id!, 'pm_card_chargeDeclinedExpiredCard');
  const answer = await t.confirm(body.paymentId);
  assert.equal(await declineCode(answer), 'expired_card');
  assert.equal((await t.db.config(ORG)).paymentMethodId, null);
  assertUnchanged(t);
});

Deno.test(
  'the local provider: saved test cards, 3-D Secure through payments-local authenticate',
  async () => {
    const ok = setup('local');
    withCard(ok, 'pm_card_visa');
    const paid = await ok.buy();
    assert.equal(paid.status, 200);
    assert.match(onlyPayment(ok).provider_payment_id ?? '', /^pi_local_/);
    assert.deepEqual(balance(ok), { tickets: 25, credits: 0 });

    const declined = setup('local');
    withCard(declined, 'pm_demoFjordRor01', '0002');
    const answer = await declined.buy();
    assert.equal(await declineCode(answer), 'card_declined');
    assertUnchanged(declined);

    const secure = setup('local');
    withCard(secure, 'pm_card_authenticationRequired', '3184');
    const started = await (await secure.buy()).json();
    assert.equal(started.status, 'requires_action');
    const intent = await secure.actions.intentBySecret(started.clientSecret);
    assert.ok(intent);
    assert.deepEqual(await secure.actions.authenticate(intent, true), {
      ok: true,
      status: 'succeeded',
      clientSecret: started.clientSecret,
    });
    const confirmed = await secure.confirm(started.paymentId);
    assert.equal((await confirmed.json()).status, 'succeeded');
    assert.deepEqual(balance(secure), { tickets: 25, credits: 0 });
  },
);

Deno.test(
  'an unknown outcome (network) answers 500 and settles nothing; retrying the requestId charges once',
  async () => {
    const t = setup();
    withCard(t, 'pm_card_visa');
    t.stripe.outage = 1;
    const requestId = crypto.randomUUID();
    const failed = await t.buy({}, requestId);
    assert.equal(failed.status, 500);
    assert.equal(await errorCode(failed), 'unknown');
    assertUnchanged(t);
    assert.ok(t.logs.some((line) => line.startsWith('payments-pack failed')));
    const retried = await t.buy({}, requestId);
    assert.equal(retried.status, 200);
    assert.equal(t.stripe.charges.length, 1);
    assert.equal(t.db.ledger.length, 1);
  },
);

Deno.test('no receipt addresses: the receipt goes to the user who paid, by default', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  t.db.configs.get(ORG)!.receiptEmails = [];
  t.db.userEmails.set(OWNER, 'eier@fjordror.no');
  const response = await t.buy();
  assert.equal(response.status, 200);
  assert.deepEqual(
    t.mailer.sent.map((mail) => [mail.to, mail.subject]),
    [['eier@fjordror.no', 'Kvittering: 25 klipp – Leadtorget']],
  );
});

Deno.test('receipt addresses: the receipt goes to them, not to the payer', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  t.db.configs.get(ORG)!.receiptEmails = ['regnskap@fjordror.no', 'leder@fjordror.no'];
  t.db.userEmails.set(OWNER, 'eier@fjordror.no');
  await t.buy();
  assert.deepEqual(
    t.mailer.sent.map((mail) => mail.to),
    ['regnskap@fjordror.no', 'leder@fjordror.no'],
  );
});

Deno.test('nobody to send a receipt to: logged, the purchase stands', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  t.db.configs.get(ORG)!.receiptEmails = [];
  const response = await t.buy();
  assert.equal(response.status, 200);
  assert.equal(t.mailer.sent.length, 0);
  assert.ok(t.logs.some((line) => line.includes('nobody to send the receipt')));
});

Deno.test('a receipt that cannot be sent is logged; the purchase stands', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  t.mailer.fail = true;
  const response = await t.buy();
  assert.equal(response.status, 200);
  assert.equal(t.db.ledger.length, 1);
  assert.ok(t.logs.some((line) => line.includes('receipt e-mails')));
});

Deno.test(
  'refusals: 401, 400, 403, 404 pack, 409 no saved card, 400 reused key, 404 foreign payment',
  async () => {
    const t = setup();
    const unauthenticated = await handlePaymentsPack(post(URL_, { action: 'buy' }), t.deps);
    assert.equal(unauthenticated.status, 401);
    assert.equal(await errorCode(unauthenticated), 'unauthorized');
    for (const body of [
      'not json',
      { action: 'buy', organizationId: ORG },
      {
        action: 'buy',
        organizationId: ORG,
        kind: 'hats',
        packId: PACK,
        requestId: crypto.randomUUID(),
        card: 'saved',
      },
      { action: 'refund', organizationId: ORG },
      { action: 'confirm', organizationId: ORG, paymentId: PACK, note: 'x\u0000' },
    ]) {
      const response = await t.call(body);
      assert.equal(response.status, 400);
      assert.equal(await errorCode(response), 'invalid-input');
    }
    const member = await t.call(
      {
        action: 'buy',
        organizationId: ORG,
        kind: 'tickets',
        packId: PACK,
        requestId: crypto.randomUUID(),
        card: 'saved',
      },
      MEMBER,
    );
    assert.equal(member.status, 403);
    assert.equal(await errorCode(member), 'forbidden');

    const noCard = await t.buy();
    assert.equal(noCard.status, 409);
    assert.equal(await errorCode(noCard), 'no-saved-card');

    withCard(t, 'pm_card_visa');
    const unknownPack = await t.buy({ packId: crypto.randomUUID() });
    assert.equal(unknownPack.status, 404);
    assert.equal(await errorCode(unknownPack), 'pack-not-found');
    const wrongKind = await t.buy({ kind: 'credits' });
    assert.equal(await errorCode(wrongKind), 'pack-not-found');

    const requestId = crypto.randomUUID();
    assert.equal((await t.buy({}, requestId)).status, 200);
    const reused = await t.buy({ kind: 'credits', packId: CREDITS }, requestId);
    assert.equal(reused.status, 400);
    assert.equal(await errorCode(reused), 'invalid-input');

    const paymentId = onlyPayment(t).id;
    t.db.managers.add(`${OWNER}:${OTHER_ORG}`);
    const foreign = await t.call({ action: 'confirm', organizationId: OTHER_ORG, paymentId });
    assert.equal(foreign.status, 404);
    assert.equal(await errorCode(foreign), 'card-payment-not-found');
    const unknown = await t.confirm(crypto.randomUUID());
    assert.equal(unknown.status, 404);
    assert.equal(t.db.ledger.length, 1);
  },
);

Deno.test('no provider configured: 500 payments-not-configured; preflight and other methods', async () => {
  const t = setup();
  withCard(t, 'pm_card_visa');
  t.deps.payments = failingPaymentProvider('no payment provider configured');
  const response = await t.buy();
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'payments-not-configured');
  assert.equal(t.db.payments.size, 0);
  const preflight = await handlePaymentsPack(new Request(URL_, { method: 'OPTIONS' }), t.deps);
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  await preflight.body?.cancel();
  const get = await handlePaymentsPack(new Request(URL_), t.deps);
  assert.equal(get.status, 405);
  await get.body?.cancel();
});

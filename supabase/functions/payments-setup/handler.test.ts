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
} from '../_shared/payments-testing.ts';
import { declineCode, errorCode, post } from '../_shared/testing.ts';
import { handlePaymentsSetup, type SetupDeps } from './handler.ts';

const URL_ = 'http://functions.test/payments-setup';

function setup(provider: 'stripe' | 'local' = 'stripe') {
  const world = paymentsWorld(provider);
  world.db.names.set(ORG, 'Fjord Rør AS');
  const logs: string[] = [];
  const deps: SetupDeps = {
    authenticate,
    db: world.db,
    payments: world.payments,
    log: (line) => logs.push(line),
  };
  const call = (body: unknown, user = OWNER) => handlePaymentsSetup(post(URL_, body, as(user)), deps);
  const start = async () => {
    const response = await call({ action: 'start', organizationId: ORG });
    assert.equal(response.status, 200);
    return (await response.json()) as {
      provider: string;
      publishableKey: string | null;
      setupIntentId: string;
      clientSecret: string;
    };
  };
  const complete = (setupIntentId: string, organizationId = ORG) =>
    call({ action: 'complete', organizationId, setupIntentId });
  return { ...world, logs, deps, call, start, complete };
}

Deno.test(
  'start (Stripe): the customer once (idempotency key per organization), a SetupIntent for off-session use',
  async () => {
    const t = setup();
    const started = await t.start();
    assert.equal(started.provider, 'stripe');
    assert.equal(started.publishableKey, 'pk_test_fake');
    assert.match(started.setupIntentId, /^seti_fake_/);
    assert.equal(started.clientSecret, `${started.setupIntentId}_secret_fake`);
    const customer = t.stripe.requests.find((request) => request.path === '/v1/customers')!;
    assert.equal(customer.idempotencyKey, `customer:${ORG}`);
    assert.equal(customer.params.get('name'), 'Fjord Rør AS');
    assert.equal(customer.params.get('metadata[organization_id]'), ORG);
    const config = await t.db.config(ORG);
    assert.match(config.customerId ?? '', /^cus_fake_/);
    const intent = t.stripe.setupIntents.get(started.setupIntentId)!;
    assert.equal(intent.customer, config.customerId);
    assert.equal(intent.usage, 'off_session');
    assert.deepEqual(intent.metadata, { organization_id: ORG });

    // Again: the stored customer is reused.
    await t.start();
    assert.equal(t.stripe.count('POST', '/v1/customers'), 1);
    assert.equal(t.stripe.count('POST', '/v1/setup_intents'), 2);
  },
);

Deno.test('complete: a confirmed SetupIntent saves the card and detaches the previous one', async () => {
  const t = setup();
  withCard(t, 'pm_card_mastercard', '4444', 'cus_existing');
  t.stripe.paymentMethods.set('pm_card_mastercard', { id: 'pm_card_mastercard', object: 'payment_method' });
  const started = await t.start();
  assert.equal(t.stripe.count('POST', '/v1/customers'), 0);
  t.stripe.confirmSetup(started.setupIntentId, 'pm_card_visa');
  const response = await t.complete(started.setupIntentId);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), {
    status: 'succeeded',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  });
  const config = await t.db.config(ORG);
  assert.equal(config.paymentMethodId, 'pm_card_visa');
  assert.equal(config.cardLast4, '4242');
  assert.equal(t.stripe.count('POST', '/v1/payment_methods/pm_card_mastercard/detach'), 1);
});

Deno.test(
  'complete: 3-D Secure on setup answers requires_action, then succeeds after authentication',
  async () => {
    const t = setup();
    const started = await t.start();
    t.stripe.confirmSetup(started.setupIntentId, 'pm_card_authenticationRequiredOnSetup');
    const pending = await t.complete(started.setupIntentId);
    assert.equal(pending.status, 200);
    assert.deepEqual(await pending.json(), { status: 'requires_action', clientSecret: started.clientSecret });
    assert.equal((await t.db.config(ORG)).paymentMethodId, null);
    t.stripe.authenticate(started.setupIntentId, true);
    const done = await t.complete(started.setupIntentId);
    assert.equal((await done.json()).status, 'succeeded');
    assert.equal((await t.db.config(ORG)).paymentMethodId, 'pm_card_authenticationRequiredOnSetup');
  },
);

Deno.test(
  'complete: declines and a failed authentication are 200 failed with the code; nothing is saved',
  async () => {
    const cases: [string, string][] = [
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'invalid_cvc'],
      ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
    ];
    for (const [paymentMethod, code] of cases) {
      const t = setup();
      const started = await t.start();
      t.stripe.confirmSetup(started.setupIntentId, paymentMethod);
      const response = await t.complete(started.setupIntentId);
      assert.equal(await declineCode(response), code);
      assert.equal((await t.db.config(ORG)).paymentMethodId, null);
    }
    const t = setup();
    const started = await t.start();
    t.stripe.confirmSetup(started.setupIntentId, 'pm_card_authenticationRequired');
    t.stripe.authenticate(started.setupIntentId, false);
    const rejected = await t.complete(started.setupIntentId);
    assert.equal(await declineCode(rejected), 'authentication_required');
    // Not confirmed at all yet.
    const fresh = await t.start();
    const unconfirmed = await t.complete(fresh.setupIntentId);
    assert.equal(await declineCode(unconfirmed), 'card_error');
  },
);

Deno.test('complete: a SetupIntent of another organization or an unknown one is 404', async () => {
  const t = setup();
  const started = await t.start();
  t.stripe.confirmSetup(started.setupIntentId, 'pm_card_visa');
  t.db.managers.add(`${OWNER}:${OTHER_ORG}`);
  const foreign = await t.complete(started.setupIntentId, OTHER_ORG);
  assert.equal(foreign.status, 404);
  assert.equal(await errorCode(foreign), 'not-found');
  assert.equal((await t.db.config(OTHER_ORG)).paymentMethodId, null);
  const unknown = await t.complete('seti_unknown');
  assert.equal(unknown.status, 404);
});

Deno.test(
  'remove: detaches and clears the card; a failed detach is logged and the card still goes',
  async () => {
    const t = setup();
    withCard(t, 'pm_card_visa');
    t.stripe.paymentMethods.set('pm_card_visa', { id: 'pm_card_visa', object: 'payment_method' });
    const response = await t.call({ action: 'remove', organizationId: ORG });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { removed: true });
    assert.equal(t.stripe.count('POST', '/v1/payment_methods/pm_card_visa/detach'), 1);
    assert.equal((await t.db.config(ORG)).paymentMethodId, null);

    withCard(t, 'pm_card_visa');
    t.stripe.outage = 1;
    const again = await t.call({ action: 'remove', organizationId: ORG });
    assert.equal(again.status, 200);
    assert.equal((await t.db.config(ORG)).paymentMethodId, null);
    assert.ok(t.logs.some((line) => line.includes('detaching pm_card_visa failed')));
  },
);

Deno.test(
  'the local provider: start, confirm with a test card through the store, complete saves it',
  async () => {
    const t = setup('local');
    const started = await t.start();
    assert.equal(started.provider, 'local');
    assert.equal(started.publishableKey, null);
    assert.match(started.clientSecret, /^seti_local_\w+_secret_\w+$/);
    const intent = await t.actions.intentBySecret(started.clientSecret);
    assert.ok(intent);
    const confirmed = await t.actions.confirmSetup(intent, {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    assert.equal(confirmed.ok && confirmed.status, 'succeeded');
    const response = await t.complete(started.setupIntentId);
    assert.deepEqual(await response.json(), {
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const config = await t.db.config(ORG);
    assert.match(config.paymentMethodId ?? '', /^pm_local_4242_/);
    assert.match(config.customerId ?? '', /^cus_local_/);
  },
);

Deno.test('refusals: 401, 400, 403 for members, 500 without a provider, preflight, 405', async () => {
  const t = setup();
  const anonymous = await handlePaymentsSetup(post(URL_, { action: 'start', organizationId: ORG }), t.deps);
  assert.equal(anonymous.status, 401);
  assert.equal(await errorCode(anonymous), 'unauthorized');
  for (const body of [
    '{',
    { action: 'start' },
    { action: 'start', organizationId: 'x' },
    { action: 'nope', organizationId: ORG },
    { action: 'complete', organizationId: ORG, setupIntentId: 'seti_\u0000' },
    { action: 'complete', organizationId: ORG, setupIntentId: 'seti_\ud800' },
  ]) {
    const response = await t.call(body);
    assert.equal(response.status, 400);
    assert.equal(await errorCode(response), 'invalid-input');
  }
  const member = await t.call({ action: 'start', organizationId: ORG }, MEMBER);
  assert.equal(member.status, 403);
  assert.equal(await errorCode(member), 'forbidden');
  const removeByMember = await t.call({ action: 'remove', organizationId: ORG }, MEMBER);
  assert.equal(removeByMember.status, 403);
  await removeByMember.body?.cancel();

  t.deps.payments = failingPaymentProvider('no payment provider configured');
  const unconfigured = await t.call({ action: 'start', organizationId: ORG });
  assert.equal(unconfigured.status, 500);
  assert.equal(await errorCode(unconfigured), 'payments-not-configured');
  assert.equal(t.stripe.requests.length, 0);

  const preflight = await handlePaymentsSetup(new Request(URL_, { method: 'OPTIONS' }), t.deps);
  assert.equal(preflight.status, 200);
  await preflight.body?.cancel();
  const get = await handlePaymentsSetup(new Request(URL_), t.deps);
  assert.equal(get.status, 405);
  await get.body?.cancel();
});

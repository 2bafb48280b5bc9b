import assert from 'node:assert/strict';
import { localCardActions, localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import { as, authenticate, MEMBER, ORG, OWNER } from '../_shared/payments-testing.ts';
import { errorCode, post } from '../_shared/testing.ts';
import { handlePaymentsLocal, type LocalDeps } from './handler.ts';

const URL_ = 'http://functions.test/payments-local';
const STRANGER = '00000000-0000-4000-8000-0000000000f9';
const NOW = new Date('2026-11-22T08:00:00Z');

function setup(enabled = true) {
  const store = memoryLocalStore();
  const provider = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  const deps: LocalDeps = {
    enabled,
    authenticate,
    actions: localCardActions(store, { now: () => NOW }),
    isMember: (caller, organizationId) =>
      Promise.resolve(organizationId === ORG && (caller.id === OWNER || caller.id === MEMBER)),
  };
  const call = (body: unknown, user = OWNER) => handlePaymentsLocal(post(URL_, body, as(user)), deps);
  const setupIntent = () => provider.createSetupIntent({ organizationId: ORG, customerId: 'cus_local_1' });
  const paymentIntent = () =>
    provider.createPayment({
      organizationId: ORG,
      customerId: 'cus_local_1',
      amountOre: 125000,
      description: '25 klipp – Leadtorget',
      idempotencyKey: `pack:${crypto.randomUUID()}`,
      metadata: {},
      paymentMethodId: null,
    });
  return { store, provider, deps, call, setupIntent, paymentIntent };
}

const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

/** 'succeeded' …, 'failed <code>' for a refused card (200), '<status> <code>' for an HTTP error. */
async function outcome(response: Response): Promise<string> {
  const body = (await response.json()) as { status?: string; error?: { code: string } };
  if (response.status !== 200) return `${response.status} ${body.error!.code}`;
  return body.status === 'failed' ? `failed ${body.error!.code}` : body.status!;
}

Deno.test(
  'Elements validation codes: incomplete and invalid card fields are refusals (200 failed) and change nothing',
  async () => {
    const t = setup();
    const intent = await t.setupIntent();
    const cases: [Record<string, unknown>, string][] = [
      [card(''), 'incomplete_number'],
      [card('4242 4242 4242'), 'incomplete_number'],
      [card('4242 4242 4242 4241'), 'incorrect_number'],
      [card('4242-4242-4242-424x'), 'incorrect_number'],
      [card('4242424242424242', { expMonth: null }), 'incomplete_expiry'],
      [card('4242424242424242', { expYear: null }), 'incomplete_expiry'],
      [card('4242424242424242', { expMonth: 13 }), 'invalid_expiry_month'],
      [card('4242424242424242', { expMonth: 0 }), 'invalid_expiry_month'],
      [card('4242424242424242', { expYear: 2025 }), 'invalid_expiry_year'],
      [card('4242424242424242', { expYear: 26, expMonth: 10 }), 'invalid_expiry_year'],
      [card('4242424242424242', { expYear: 2099 }), 'invalid_expiry_year'],
      [card('4242424242424242', { cvc: '' }), 'incomplete_cvc'],
      [card('4242424242424242', { cvc: '12' }), 'incomplete_cvc'],
      [card('378282246310005', { cvc: '123' }), 'incomplete_cvc'],
      [card('4242424242424242', { cvc: '12a' }), 'invalid_cvc'],
      [card('4242424242424242', { cvc: '12345' }), 'invalid_cvc'],
    ];
    for (const [input, code] of cases) {
      const response = await t.call({
        action: 'confirmSetup',
        clientSecret: intent.clientSecret,
        card: input,
      });
      assert.equal(await outcome(response), `failed ${code}`, JSON.stringify(input));
    }
    assert.equal((await t.provider.retrieveSetupIntent(intent.id))!.status, 'requires_payment_method');
    // This month is still valid, two-digit years are read as 20xx.
    const valid = await t.call({
      action: 'confirmSetup',
      clientSecret: intent.clientSecret,
      card: card('4242424242424242', { expYear: 26, expMonth: 11 }),
    });
    assert.equal(await outcome(valid), 'succeeded');
  },
);

Deno.test('confirmSetup: Stripe’s test cards when a card is saved', async () => {
  const cases: [string, string][] = [
    ['4242424242424242', 'succeeded'],
    ['5555555555554444', 'succeeded'],
    ['3566002020360505', 'succeeded'],
    ['4000002500003155', 'requires_action'],
    ['4000002760003184', 'requires_action'],
    ['4000008260003178', 'requires_action'],
    ['4000000000000002', 'failed card_declined'],
    ['4000000000009995', 'succeeded'],
    ['4000000000000069', 'failed expired_card'],
    ['4000000000000127', 'failed invalid_cvc'],
    ['4000000000000119', 'failed processing_error'],
    ['4000000000000341', 'succeeded'],
    ['4012888888881881', 'failed card_declined'], // not a test card: test mode declines it
  ];
  for (const [number, expected] of cases) {
    const t = setup();
    const intent = await t.setupIntent();
    const response = await t.call({
      action: 'confirmSetup',
      clientSecret: intent.clientSecret,
      card: card(number),
    });
    assert.equal(await outcome(response), expected, number);
    const state = (await t.provider.retrieveSetupIntent(intent.id))!;
    if (expected === 'succeeded') {
      assert.match(state.paymentMethodId!, new RegExp(`^pm_local_${number.slice(-4)}_`));
      assert.equal(state.card?.last4, number.slice(-4));
      assert.equal(state.card?.expYear, 2030);
    }
    if (expected.startsWith('failed')) assert.equal(state.errorCode, expected.slice(7));
  }
});

Deno.test('confirmSetup with 3-D Secure: authenticate approves or rejects', async () => {
  const t = setup();
  const approved = await t.setupIntent();
  await t.call({
    action: 'confirmSetup',
    clientSecret: approved.clientSecret,
    card: card('4000002500003155'),
  });
  const ok = await t.call({ action: 'authenticate', clientSecret: approved.clientSecret, approve: true });
  assert.equal(await outcome(ok), 'succeeded');
  assert.equal((await t.provider.retrieveSetupIntent(approved.id))!.status, 'succeeded');

  const rejected = await t.setupIntent();
  await t.call({
    action: 'confirmSetup',
    clientSecret: rejected.clientSecret,
    card: card('4000002760003184'),
  });
  const no = await t.call({ action: 'authenticate', clientSecret: rejected.clientSecret, approve: false });
  assert.equal(await outcome(no), 'failed authentication_required');
  const state = (await t.provider.retrieveSetupIntent(rejected.id))!;
  assert.equal(state.paymentMethodId, null);
  // Confirming a succeeded SetupIntent again reports its state.
  const repeat = await t.call({
    action: 'confirmSetup',
    clientSecret: approved.clientSecret,
    card: card('4000000000000002'),
  });
  assert.equal(await outcome(repeat), 'succeeded');
});

Deno.test('confirmPayment: on-session outcomes, 3-D Secure then insufficient funds, saveCard', async () => {
  const cases: [string, string, boolean | null][] = [
    ['4242424242424242', 'succeeded', null],
    ['4000000000009995', 'failed insufficient_funds', null],
    ['4000000000000341', 'failed card_declined', null],
    ['4000002500003155', 'requires_action', true],
    ['4000008260003178', 'requires_action', false],
  ];
  for (const [number, expected, approve] of cases) {
    const t = setup();
    const intent = await t.paymentIntent();
    const response = await t.call({
      action: 'confirmPayment',
      clientSecret: intent.clientSecret,
      card: card(number),
      saveCard: true,
    });
    assert.equal(await outcome(response), expected, number);
    if (approve === null) continue;
    const after = await t.call({ action: 'authenticate', clientSecret: intent.clientSecret, approve: true });
    assert.equal(await outcome(after), approve ? 'succeeded' : 'failed insufficient_funds', number);
    const state = (await t.provider.retrievePayment(intent.id))!;
    assert.equal(state.saveCard, true);
    assert.equal(state.card?.last4, number.slice(-4));
  }
  const t = setup();
  const intent = await t.paymentIntent();
  await t.call({
    action: 'confirmPayment',
    clientSecret: intent.clientSecret,
    card: card('4000002760003184'),
  });
  const rejected = await t.call({
    action: 'authenticate',
    clientSecret: intent.clientSecret,
    approve: false,
  });
  assert.equal(await outcome(rejected), 'failed authentication_required');
  // Without a card and without one on the intent: nothing to pay with.
  const bare = await t.paymentIntent();
  assert.equal(
    await outcome(await t.call({ action: 'confirmPayment', clientSecret: bare.clientSecret })),
    'failed invalid_request_error',
  );
});

Deno.test('only members of the intent’s organization; unknown or forged secrets are 404', async () => {
  const t = setup();
  const intent = await t.setupIntent();
  const stranger = await t.call(
    { action: 'confirmSetup', clientSecret: intent.clientSecret, card: card('4242424242424242') },
    STRANGER,
  );
  assert.equal(stranger.status, 404);
  assert.equal(await errorCode(stranger), 'not-found');
  const member = await t.call(
    { action: 'confirmSetup', clientSecret: intent.clientSecret, card: card('4242424242424242') },
    MEMBER,
  );
  assert.equal(member.status, 200);
  await member.body?.cancel();
  for (const clientSecret of [`${intent.id}_secret_guessed`, 'seti_local_nope_secret_x', 'nonsense']) {
    const response = await t.call({ action: 'authenticate', clientSecret, approve: true });
    assert.equal(response.status, 404, clientSecret);
    await response.body?.cancel();
  }
});

Deno.test('refused unless the local provider is configured; 401, 400, preflight', async () => {
  const off = setup(false);
  const refused = await off.call({ action: 'authenticate', clientSecret: 'x', approve: true });
  assert.equal(refused.status, 404);
  assert.equal(await errorCode(refused), 'not-found');

  const t = setup();
  const anonymous = await handlePaymentsLocal(post(URL_, { action: 'authenticate' }), t.deps);
  assert.equal(anonymous.status, 401);
  assert.equal(await errorCode(anonymous), 'unauthorized');
  for (const body of [
    'x',
    { action: 'confirmSetup', clientSecret: 'a' },
    { action: 'authenticate', clientSecret: 'a', approve: 'yes' },
    // The client secret is looked up in the database: text it cannot store is refused first.
    { action: 'authenticate', clientSecret: 'pi_1_secret_\u0000', approve: true },
    { action: 'authenticate', clientSecret: 'pi_1_secret_\ud800', approve: true },
  ]) {
    const response = await t.call(body);
    assert.equal(response.status, 400);
    assert.equal(await errorCode(response), 'invalid-input');
  }
  const preflight = await handlePaymentsLocal(new Request(URL_, { method: 'OPTIONS' }), t.deps);
  assert.equal(preflight.status, 200);
  await preflight.body?.cancel();
});

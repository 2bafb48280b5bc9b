/**
 * The Stripe provider through the real `npm:stripe` client, Stripe's API answered by stripe-fake.ts:
 * the off-session charge of buy-lead (success, each decline, 3-D Secure and the resume, replays),
 * errors, and reading intents.
 */
import assert from 'node:assert/strict';
import type { ChargeInput, SavedCard } from './payments.ts';
import { FakeStripe } from './stripe-fake.ts';
import { stripeErrorCode, stripePaymentProvider } from './stripe-payments.ts';

const ORG = '00000000-0000-4000-8000-00000000000a';
const PURCHASE = '00000000-0000-4000-8000-0000000000e1';

function setup(card: SavedCard | null) {
  const stripe = new FakeStripe();
  const provider = stripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: 'whsec_x',
    savedCard: () => Promise.resolve(card),
    fetch: stripe.fetch,
    maxNetworkRetries: 0,
  });
  return { stripe, provider };
}

const saved = (paymentMethodId: string): SavedCard => ({ paymentMethodId, last4: null, customerId: 'cus_1' });

const input = (overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  organizationId: ORG,
  amountOre: 49900,
  idempotencyKey: `buy-lead:${PURCHASE}`,
  description: 'Leadtorget: kjøp av lead',
  metadata: { purchase_id: PURCHASE },
  ...overrides,
});

Deno.test(
  'off-session charge: the saved card, confirmed at once with the purchase’s idempotency key',
  async () => {
    const { stripe, provider } = setup(saved('pm_card_visa'));
    const result = await provider.chargeSavedCard(input());
    assert.equal(result.status, 'succeeded');
    assert.match(result.paymentId!, /^pi_fake_/);
    assert.deepEqual(result.status === 'succeeded' && result.card, {
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    const [request] = stripe.requests;
    assert.equal(request!.path, '/v1/payment_intents');
    assert.equal(request!.idempotencyKey, `buy-lead:${PURCHASE}`);
    for (const [key, value] of [
      ['amount', '49900'],
      ['currency', 'nok'],
      ['customer', 'cus_1'],
      ['payment_method', 'pm_card_visa'],
      ['off_session', 'true'],
      ['confirm', 'true'],
      ['metadata[purchase_id]', PURCHASE],
      ['metadata[organization_id]', ORG],
      ['allowed_payment_method_types[0]', 'card'],
    ]) {
      assert.equal(request!.params.get(key!), value, key);
    }
    assert.equal(stripe.charges.length, 1);
    // Succeeded at once: no retrieve needed.
    assert.equal(stripe.requests.length, 1);
  },
);

Deno.test('off-session charge: every decline code of Stripe’s test cards', async () => {
  const cases: [string, string][] = [
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'invalid_cvc'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
    ['pm_card_chargeDeclinedLostCard', 'card_declined'],
  ];
  for (const [paymentMethod, code] of cases) {
    const { stripe, provider } = setup(saved(paymentMethod));
    const result = await provider.chargeSavedCard(input());
    assert.equal(result.status, 'failed', paymentMethod);
    assert.equal(result.status === 'failed' && result.code, code, paymentMethod);
    assert.match(result.paymentId ?? '', /^pi_fake_/);
    assert.equal(stripe.charges.length, 0);
  }
});

Deno.test(
  '3-D Secure: authentication_required off-session → confirmed on-session → requires_action; the resume succeeds',
  async () => {
    const { stripe, provider } = setup(saved('pm_card_authenticationRequired'));
    const first = await provider.chargeSavedCard(input());
    assert.equal(first.status, 'requires_action');
    const paymentId = first.paymentId!;
    assert.equal(first.status === 'requires_action' && first.clientSecret, `${paymentId}_secret_fake`);
    const confirm = stripe.requests.find((request) => request.path.endsWith('/confirm'))!;
    assert.equal(confirm.idempotencyKey, `buy-lead:${PURCHASE}:on-session`);
    assert.equal(stripe.paymentIntents.get(paymentId)!.status, 'requires_action');

    // Asked again before the cardholder answered: the same intent, still waiting.
    const waiting = await provider.chargeSavedCard(input());
    assert.deepEqual(waiting, first);

    // Stripe.js handleNextAction + the bank approve; the resume reads the current state: succeeded.
    stripe.authenticate(paymentId, true);
    const resumed = await provider.chargeSavedCard(input());
    assert.equal(resumed.status, 'succeeded');
    assert.equal(resumed.paymentId, paymentId);
    assert.equal(stripe.paymentIntents.size, 1);
    assert.equal(stripe.charges.length, 1);
  },
);

Deno.test('3-D Secure failed or declined afterwards: the resume reports the decline', async () => {
  const rejected = setup(saved('pm_card_authenticationRequired'));
  const first = await rejected.provider.chargeSavedCard(input());
  rejected.stripe.authenticate(first.paymentId!, false);
  const answer = await rejected.provider.chargeSavedCard(input());
  assert.deepEqual(answer, { status: 'failed', code: 'authentication_required', paymentId: first.paymentId });

  const poor = setup(saved('pm_card_authenticationRequiredChargeDeclinedInsufficientFunds'));
  const started = await poor.provider.chargeSavedCard(input());
  assert.equal(started.status, 'requires_action');
  poor.stripe.authenticate(started.paymentId!, true);
  const declined = await poor.provider.chargeSavedCard(input());
  assert.equal(declined.status === 'failed' && declined.code, 'insufficient_funds');
  assert.equal(poor.stripe.charges.length, 0);
});

Deno.test(
  'idempotent replay: five concurrent charges with one key → one PaymentIntent, one charge',
  async () => {
    const { stripe, provider } = setup(saved('pm_card_visa'));
    stripe.latencyMs = 5;
    const results = await Promise.all(Array.from({ length: 5 }, () => provider.chargeSavedCard(input())));
    for (const result of results) {
      assert.equal(result.status, 'succeeded');
      assert.equal(result.paymentId, results[0]!.paymentId);
    }
    assert.equal(stripe.paymentIntents.size, 1);
    assert.equal(stripe.charges.length, 1);
    // The key with other parameters is Stripe's idempotency_error.
    const other = await provider.chargeSavedCard(input({ amountOre: 100 }));
    assert.deepEqual(other, { status: 'failed', code: 'invalid_request_error' });
  },
);

Deno.test(
  'unknown outcomes throw (network, Stripe’s 5xx); rate limits and bad requests are codes',
  async () => {
    const { stripe, provider } = setup(saved('pm_card_visa'));
    stripe.outage = 1;
    await assert.rejects(provider.chargeSavedCard(input()));
    stripe.nextError = { status: 500, error: { type: 'api_error', message: 'Something went wrong.' } };
    await assert.rejects(provider.chargeSavedCard(input({ idempotencyKey: 'k2' })));
    stripe.nextError = {
      status: 429,
      error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many.' },
    };
    assert.deepEqual(await provider.chargeSavedCard(input({ idempotencyKey: 'k3' })), {
      status: 'failed',
      code: 'rate_limit',
    });
    stripe.nextError = {
      status: 400,
      error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'x' },
    };
    assert.deepEqual(await provider.chargeSavedCard(input({ idempotencyKey: 'k4' })), {
      status: 'failed',
      code: 'invalid_request_error',
    });
    assert.equal(stripeErrorCode(new Error('plain')), null);
  },
);

Deno.test('no saved card or no customer: card_error without asking Stripe', async () => {
  for (const card of [null, { paymentMethodId: 'pm_card_visa', last4: '4242', customerId: null }]) {
    const { stripe, provider } = setup(card);
    assert.deepEqual(await provider.chargeSavedCard(input()), { status: 'failed', code: 'card_error' });
    assert.equal(stripe.requests.length, 0);
  }
});

Deno.test(
  'retrieve: unknown intents are null; detach of an unknown payment method is not an error',
  async () => {
    const { provider } = setup(null);
    assert.equal(await provider.retrievePayment('pi_unknown'), null);
    assert.equal(await provider.retrieveSetupIntent('seti_unknown'), null);
    await provider.detachPaymentMethod('pm_unknown');
  },
);

Deno.test(
  'a buyer’s saved payment method (a funnel’s offer): its customer, off-session, 3-D Secure on request',
  async () => {
    const { stripe, provider } = setup(null);
    const offer = (paymentMethodId: string, key: string) =>
      provider.chargeOffSession({
        ...input({ idempotencyKey: key }),
        customerId: 'cus_buyer',
        paymentMethodId,
      });
    const paid = await offer('pm_card_visa', 'funnel-offer:1');
    assert.equal(paid.status, 'succeeded');
    const [request] = stripe.requests;
    assert.equal(request!.params.get('customer'), 'cus_buyer');
    assert.equal(request!.params.get('payment_method'), 'pm_card_visa');
    assert.equal(request!.params.get('off_session'), 'true');
    const asked = await offer('pm_card_authenticationRequired', 'funnel-offer:2');
    assert.equal(asked.status, 'requires_action');
  },
);

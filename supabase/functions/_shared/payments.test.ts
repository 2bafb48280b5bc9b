import assert from 'node:assert/strict';
import { localPaymentProvider, memoryLocalStore } from './local-payments.ts';
import { localProviderConfigured, paymentProviderFromEnv } from './payment-providers.ts';
import { isLocalStack } from './env.ts';
import { cardErrorCode, type ChargeInput, type SavedCard } from './payments.ts';

const ORG = '00000000-0000-4000-8000-00000000000a';

function provider(cards: Record<string, SavedCard | null>) {
  let n = 0;
  const lookups: string[] = [];
  const store = memoryLocalStore();
  const local = localPaymentProvider({
    store,
    savedCard(organizationId) {
      lookups.push(organizationId);
      return Promise.resolve(cards[organizationId] ?? null);
    },
    newId: (prefix) => `${prefix}_test_${++n}`,
  });
  return { local, lookups, store };
}

const charge = (overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  organizationId: ORG,
  amountOre: 49900,
  idempotencyKey: `buy-lead:${crypto.randomUUID()}`,
  description: 'test',
  ...overrides,
});

Deno.test('local provider: Stripe test payment methods by id', async () => {
  const cases: [string, unknown][] = [
    ['pm_card_visa', { status: 'succeeded' }],
    ['pm_card_mastercard', { status: 'succeeded' }],
    ['pm_card_chargeDeclined', { status: 'failed', code: 'card_declined' }],
    ['pm_card_chargeDeclinedInsufficientFunds', { status: 'failed', code: 'insufficient_funds' }],
    ['pm_card_chargeDeclinedExpiredCard', { status: 'failed', code: 'expired_card' }],
    ['pm_card_chargeDeclinedIncorrectCvc', { status: 'failed', code: 'invalid_cvc' }],
    ['pm_card_chargeDeclinedProcessingError', { status: 'failed', code: 'processing_error' }],
    ['pm_card_authenticationRequired', { status: 'requires_action' }],
    ['pm_card_authenticationRequiredOnSetup', { status: 'succeeded' }],
  ];
  for (const [paymentMethodId, expected] of cases) {
    const { local } = provider({ [ORG]: { paymentMethodId, last4: null } });
    const result = await local.chargeSavedCard(charge());
    const { paymentId: _id, clientSecret: _secret, card: _card, ...rest } = result as Record<string, unknown>;
    assert.deepEqual(rest, expected, paymentMethodId);
    assert.match(String(result.paymentId), /^pi_test_\d+$/);
    if (result.status === 'requires_action') assert.match(result.clientSecret, /^pi_test_\d+_secret_/);
  }
});

Deno.test(
  'local provider: other ids by the test card number’s last four digits; unknown cards succeed',
  async () => {
    const cases: [string, string][] = [
      ['4242', 'succeeded'],
      ['4444', 'succeeded'],
      ['0002', 'card_declined'],
      ['9995', 'insufficient_funds'],
      ['0069', 'expired_card'],
      ['3184', 'requires_action'],
      ['1234', 'succeeded'],
    ];
    for (const [last4, expected] of cases) {
      const { local } = provider({ [ORG]: { paymentMethodId: 'pm_demoFjordRor01', last4 } });
      const result = await local.chargeSavedCard(charge());
      assert.equal(result.status === 'failed' ? result.code : result.status, expected, last4);
    }
  },
);

Deno.test(
  'local provider: a card saved outside its store (the seed) pays with its saved summary',
  async () => {
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    const { local } = provider({ [ORG]: { paymentMethodId: 'pm_demoFjordRor01', last4: '4242', card } });
    const offSession = await local.chargeSavedCard(charge());
    assert.equal(offSession.status, 'succeeded');
    assert.deepEqual(offSession.status === 'succeeded' ? offSession.card : null, card);
    const onSession = await local.createPayment({
      organizationId: ORG,
      customerId: null,
      amountOre: 225000,
      idempotencyKey: `pack:${crypto.randomUUID()}`,
      description: '25 klipp',
      paymentMethodId: 'pm_demoFjordRor01',
      saveCard: false,
      metadata: {},
    });
    assert.equal(onSession.status, 'succeeded');
    assert.deepEqual(onSession.card, card);
  },
);

Deno.test(
  'local provider: no saved card is card_error; a non-positive amount is invalid_request_error',
  async () => {
    const { local } = provider({});
    const none = await local.chargeSavedCard(charge());
    assert.equal(none.status, 'failed');
    assert.equal(none.status === 'failed' && none.code, 'card_error');
    const { local: withCard } = provider({ [ORG]: { paymentMethodId: 'pm_card_visa', last4: '4242' } });
    for (const amountOre of [0, -1, 1.5]) {
      const result = await withCard.chargeSavedCard(charge({ amountOre }));
      assert.equal(result.status === 'failed' && result.code, 'invalid_request_error');
    }
  },
);

Deno.test('local provider: a repeated idempotency key gets the first answer and charges once', async () => {
  const { local, store } = provider({ [ORG]: { paymentMethodId: 'pm_card_visa', last4: '4242' } });
  const input = charge({ idempotencyKey: 'buy-lead:same' });
  const first = await local.chargeSavedCard(input);
  const second = await local.chargeSavedCard({ ...input });
  assert.deepEqual(second, first);
  const other = await local.chargeSavedCard({ ...input, amountOre: 100 });
  assert.deepEqual(other, { status: 'failed', code: 'invalid_request_error' });
  const intents = [...store.objects.values()].filter((object) => object.kind === 'payment_intent');
  assert.equal(intents.length, 1);
});

Deno.test('local provider: five concurrent replays make one PaymentIntent', async () => {
  const { local, store } = provider({ [ORG]: { paymentMethodId: 'pm_card_visa', last4: '4242' } });
  const input = charge({ idempotencyKey: 'buy-lead:concurrent' });
  const results = await Promise.all(Array.from({ length: 5 }, () => local.chargeSavedCard(input)));
  for (const result of results) assert.deepEqual(result, results[0]);
  assert.equal(results[0]!.status, 'succeeded');
  assert.equal([...store.objects.values()].filter((object) => object.kind === 'payment_intent').length, 1);
});

Deno.test(
  'paymentProviderFromEnv: local only on a local stack or when asked; loud failure otherwise',
  async () => {
    const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
    const options = { savedCard: () => Promise.resolve({ paymentMethodId: 'pm_card_visa', last4: '4242' }) };
    assert.equal(localProviderConfigured(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })), true);
    assert.equal(
      localProviderConfigured(
        env({ SUPABASE_URL: 'http://127.0.0.1:54321', STRIPE_SECRET_KEY: 'sk_test_x' }),
      ),
      false,
    );
    assert.equal(
      localProviderConfigured(env({ SUPABASE_URL: 'http://127.0.0.1:54321', PAYMENTS_PROVIDER: 'stripe' })),
      false,
    );
    assert.equal(
      paymentProviderFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321' }), options).name,
      'local',
    );
    assert.equal(paymentProviderFromEnv(env({ SUPABASE_URL: 'http://kong:8000' }), options).name, 'local');
    assert.equal(
      paymentProviderFromEnv(
        env({ SUPABASE_URL: 'https://abc.supabase.co', PAYMENTS_PROVIDER: 'local' }),
        options,
      ).name,
      'local',
    );
    const production = paymentProviderFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co' }), options);
    assert.equal(production.name, 'unconfigured');
    await assert.rejects(production.chargeSavedCard(charge()), /no payment provider configured/);
    // A Stripe key always means Stripe, even on a local stack or with PAYMENTS_PROVIDER=local.
    for (const extra of [{}, { PAYMENTS_PROVIDER: 'local' }] as Record<string, string>[]) {
      const keyed = paymentProviderFromEnv(
        env({
          SUPABASE_URL: 'http://127.0.0.1:54321',
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
          ...extra,
        }),
        options,
      );
      assert.equal(keyed.name, 'stripe');
      assert.equal(keyed.publishableKey, 'pk_test_x');
    }
    assert.equal(isLocalStack('not a url'), false);
    assert.equal(isLocalStack(undefined), false);
    assert.equal(isLocalStack('http://api.localhost:54321'), true);
  },
);

Deno.test('cardErrorCode maps Stripe codes onto the catalogue', () => {
  assert.equal(cardErrorCode('card_declined', 'insufficient_funds'), 'insufficient_funds');
  assert.equal(cardErrorCode('card_declined', 'generic_decline'), 'card_declined');
  assert.equal(cardErrorCode('expired_card'), 'expired_card');
  assert.equal(cardErrorCode('incorrect_cvc'), 'invalid_cvc');
  assert.equal(cardErrorCode('invalid_number'), 'incorrect_number');
  assert.equal(cardErrorCode('amount_too_small'), 'invalid_request_error');
  assert.equal(cardErrorCode('payment_intent_authentication_failure'), 'authentication_required');
  assert.equal(cardErrorCode('something_new'), 'card_error');
  assert.equal(cardErrorCode(null), 'card_error');
});

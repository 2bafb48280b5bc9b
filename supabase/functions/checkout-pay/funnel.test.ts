/**
 * checkout-pay on a funnel's checkout step: the order is tied to the step, and the PaymentIntent gets
 * a customer and off-session saving only when an offer follows; a step that does not sell this
 * checkout refuses and gives the order back. The customer lives on the seller's account, beside the intent.
 */
import assert from 'node:assert/strict';
import { localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import type { SellerAccount } from '../_shared/seller-accounts.ts';
import { FakeMailer, FakeRateLimiter, post } from '../_shared/testing.ts';
import type { FunnelContext } from './funnel.ts';
import { DEFAULT_LIMIT, handleCheckoutPay, type CheckoutPayDeps, type OrderRow } from './handler.ts';

const ORDER = '00000000-0000-4000-8000-0000000001a1';
const FUNNEL = {
  funnelId: '00000000-0000-4000-8000-0000000001b1',
  stepId: '00000000-0000-4000-8000-0000000001b2',
  visitor: 'besokende-1',
};

const SELLER: SellerAccount = {
  provider: 'local',
  id: 'acct_local_seller',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  country: 'NO',
};

function world(offerFollows: boolean | 'refuse') {
  const store = memoryLocalStore();
  const attached: FunnelContext[] = [];
  const released: string[] = [];
  const order = {
    id: ORDER,
    organization_id: 'org',
    number: 1001,
    status: 'pending',
    total_ore: 49900,
  } as OrderRow;
  const deps: CheckoutPayDeps = {
    db: {
      begin: () => Promise.resolve({ order, token: 'kvittering' }),
      orderByToken: () => Promise.resolve(null),
      recordPayment: () => Promise.resolve(),
      settle: () => Promise.resolve({ settled: true, order }),
      release: (id) => Promise.resolve(void released.push(id)),
      issueReceipt: () => Promise.resolve({ created: true } as never),
      confirmationOf: () => Promise.resolve(null),
    },
    sellers: { ofSession: () => Promise.resolve(SELLER), ofOrganization: () => Promise.resolve(SELLER) },
    funnels: {
      attachFunnel(_orderId, funnel) {
        if (offerFollows === 'refuse') return Promise.reject(new Error('funnel-step-not-found'));
        attached.push(funnel);
        return Promise.resolve({ saveCard: offerFollows });
      },
    },
    payments: localPaymentProvider({ store, savedCard: () => Promise.resolve(null) }),
    mailer: new FakeMailer(),
    siteUrl: 'http://localhost:5173',
    rateLimiter: new FakeRateLimiter(),
    limit: DEFAULT_LIMIT,
    trustedProxies: { has: () => false },
  };
  const start = (funnel: unknown = FUNNEL) =>
    handleCheckoutPay(
      post('http://functions.test/checkout-pay', {
        action: 'start',
        sessionId: '00000000-0000-4000-8000-0000000001c1',
        sessionToken: 'hemmelig',
        requestId: '00000000-0000-4000-8000-0000000001d1',
        items: [{ productId: '00000000-0000-4000-8000-0000000001e1', quantity: 1 }],
        consent: true,
        funnel,
      }),
      deps,
    );
  const intent = () => [...store.objects.values()].find((object) => object.kind === 'payment_intent');
  const customer = () => [...store.objects.values()].find((object) => object.kind === 'customer');
  return { start, attached, released, intent, customer };
}

Deno.test(
  'an offer after the checkout: the intent has a customer and saves the card off-session',
  async () => {
    const { start, attached, intent, customer } = world(true);
    const answer = (await (await start()).json()) as Record<string, unknown>;
    assert.equal(answer.status, 'requires_confirmation');
    assert.deepEqual(attached, [FUNNEL]);
    assert.equal(intent()!.data.customer, customer()!.id);
    // Both on the seller's account: a customer of the platform could not pay a direct charge.
    assert.equal(intent()!.data.account, SELLER.id);
    assert.equal(customer()!.data.account, SELLER.id);
    assert.equal(intent()!.data.setup_future_usage, 'off_session');
  },
);

Deno.test('no offer after it: the order is tied to the step, the card is not saved', async () => {
  const { start, attached, intent } = world(false);
  await start();
  assert.equal(attached.length, 1);
  assert.equal(intent()!.data.customer, null);
  assert.equal(intent()!.data.setup_future_usage, null);
});

Deno.test('a plain checkout has no funnel and saves nothing', async () => {
  const { start, attached, intent } = world(true);
  await start(null);
  assert.equal(attached.length, 0);
  assert.equal(intent()!.data.setup_future_usage, null);
});

Deno.test('a step that does not sell this checkout refuses and gives the order back', async () => {
  const { start, released, intent } = world('refuse');
  const response = await start();
  assert.equal(response.status, 404);
  assert.deepEqual(await response.json(), { error: { code: 'funnel-step-not-found' } });
  assert.deepEqual(released, [ORDER]);
  assert.equal(intent(), undefined);
});

/**
 * stripe-webhook's account.updated (account-updated.ts): signed by the Connect endpoint's own secret,
 * it stores the seller account's state as Stripe reports it NOW (a stale event does no harm); an
 * account that is none of ours is acknowledged and logged; the account endpoint's secret still works.
 */
import assert from 'node:assert/strict';
import { FakeCardPaymentsDb } from '../_shared/card-payments-fake.ts';
import { Stripe } from '../_shared/deps.ts';
import type { ConnectedAccountState } from '../_shared/payments.ts';
import { WEBHOOK_SECRET } from '../_shared/payments-testing.ts';
import { stripeSellerAccounts } from '../_shared/seller-accounts.ts';
import { FakeStripe } from '../_shared/stripe-fake.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import { errorCode, FakeMailer } from '../_shared/testing.ts';
import { handleStripeWebhook } from './handler.ts';

const CONNECT_SECRET = 'whsec_connect_secret';
const signer = new Stripe('sk_test_fake');

function setup() {
  const stripe = new FakeStripe();
  const recorded: ConnectedAccountState[] = [];
  const logs: string[] = [];
  const accounts = stripeSellerAccounts({ secretKey: 'sk_test_fake', fetch: stripe.fetch });
  const send = async (payload: string, secret = CONNECT_SECRET) => {
    const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret });
    return handleStripeWebhook(
      new Request('http://functions.test/stripe-webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': signature },
        body: payload,
      }),
      {
        db: new FakeCardPaymentsDb(),
        payments: stripePaymentProvider({
          secretKey: 'sk_test_fake',
          publishableKey: 'pk_test_fake',
          webhookSecret: WEBHOOK_SECRET,
          connectWebhookSecret: CONNECT_SECRET,
          savedCard: () => Promise.resolve(null),
          fetch: stripe.fetch,
          maxNetworkRetries: 0,
        }),
        mailer: new FakeMailer(),
        siteUrl: 'http://localhost:5173',
        notificationContext: () => Promise.reject(new Error('not expected')),
        sellerAccounts: {
          retrieveAccount: (id) => accounts.retrieveAccount(id),
          record: (state) => {
            recorded.push(state);
            return Promise.resolve(
              state.id === 'acct_unknown' ? null : { provider: 'stripe' as const, ...state },
            );
          },
        },
        log: (line) => logs.push(line),
      },
    );
  };
  return { stripe, recorded, logs, send, accounts };
}

Deno.test('account.updated from the Connect endpoint stores the account as Stripe has it now', async () => {
  const t = setup();
  const created = await t.accounts.createAccount({
    organizationId: 'org',
    name: 'Fjord Rør AS',
    email: null,
  });
  const stale = structuredClone(t.stripe.accounts.get(created.id)!);
  t.stripe.completeOnboarding(created.id);
  // The event describes the account before onboarding finished; it arrives after.
  const response = await t.send(t.stripe.event('account.updated', stale, 'evt_acct_1', created.id));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { received: true });
  assert.deepEqual(t.recorded, [
    { id: created.id, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, country: 'NO' },
  ]);
});

Deno.test('an account that is none of ours is acknowledged and logged', async () => {
  const t = setup();
  const payload = t.stripe.event('account.updated', { id: 'acct_unknown', object: 'account' }, 'evt_acct_2');
  const response = await t.send(payload, WEBHOOK_SECRET);
  assert.equal(response.status, 200);
  assert.equal(t.recorded[0]!.chargesEnabled, false, 'unknown to Stripe: takes no payments');
  assert.ok(t.logs.some((line) => line.includes('acct_unknown is none of our')));
});

Deno.test('a signature by neither secret is refused', async () => {
  const t = setup();
  const payload = t.stripe.event('account.updated', { id: 'acct_x', object: 'account' });
  const response = await t.send(payload, 'whsec_someone_else');
  assert.equal(response.status, 400);
  assert.equal(await errorCode(response), 'invalid-signature');
  assert.equal(t.recorded.length, 0);
});

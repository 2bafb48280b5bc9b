/**
 * payments-connect against Stripe's API answered in memory (stripe-fake.ts, through the real
 * `npm:stripe` client) and the local provider: the account is created once, Standard and Norwegian,
 * the onboarding link returns to /payments, refresh stores Stripe's state; only owners and admins.
 */
import assert from 'node:assert/strict';
import type { ConnectedAccountState } from '../_shared/payments.ts';
import { as, authenticate, MEMBER, ORG, OTHER_ORG, OWNER } from '../_shared/payments-testing.ts';
import {
  localSellerAccounts,
  stripeSellerAccounts,
  type SellerAccount,
  type SellerAccountsProvider,
} from '../_shared/seller-accounts.ts';
import { FakeStripe } from '../_shared/stripe-fake.ts';
import { errorCode, post } from '../_shared/testing.ts';
import { handlePaymentsConnect, type ConnectDb } from './handler.ts';

const URL_ = 'http://functions.test/payments-connect';
const SITE = 'https://app.leadtorget.test';

/** seller_accounts in memory, with the SQL functions' rules: stored once, state by account id. */
function fakeDb() {
  const rows = new Map<string, SellerAccount>();
  const db: ConnectDb = {
    canManage: (caller, organizationId) => Promise.resolve(caller.id === OWNER && organizationId === ORG),
    account: (organizationId) => Promise.resolve(rows.get(organizationId) ?? null),
    connect(organizationId, provider, accountId) {
      if (!rows.has(organizationId)) {
        rows.set(organizationId, {
          provider,
          id: accountId,
          chargesEnabled: false,
          payoutsEnabled: false,
          detailsSubmitted: false,
          country: null,
        });
      }
      return Promise.resolve(rows.get(organizationId)!);
    },
    record(state: ConnectedAccountState) {
      const row = [...rows.values()].find((account) => account.id === state.id);
      if (!row) return Promise.resolve(null);
      Object.assign(row, { ...state, country: state.country ?? row.country });
      return Promise.resolve({ ...row });
    },
    organization: () => Promise.resolve({ name: 'Fjord Rør AS', email: 'post@fjordror.no' }),
  };
  return { db, rows };
}

function setup(provider: 'stripe' | 'local' = 'stripe') {
  const stripe = new FakeStripe();
  const accounts: SellerAccountsProvider =
    provider === 'stripe'
      ? stripeSellerAccounts({ secretKey: 'sk_test_fake', fetch: stripe.fetch })
      : localSellerAccounts();
  const { db, rows } = fakeDb();
  const logs: string[] = [];
  const call = (body: unknown, user = OWNER) =>
    handlePaymentsConnect(post(URL_, body, as(user)), {
      authenticate,
      db,
      accounts,
      siteUrl: SITE,
      log: (line) => logs.push(line),
    });
  const start = async () => {
    const response = await call({ action: 'start', organizationId: ORG });
    assert.equal(response.status, 200);
    return (await response.json()) as {
      url: string;
      account: { provider: string; accountId: string; chargesEnabled: boolean; detailsSubmitted: boolean };
    };
  };
  return { stripe, rows, logs, call, start };
}

Deno.test('start (Stripe): a Standard Norwegian account, created once, and an onboarding link back to /payments', async () => {
  const t = setup();
  const first = await t.start();
  assert.match(first.account.accountId, /^acct_fake/);
  assert.equal(first.account.provider, 'stripe');
  assert.equal(first.account.chargesEnabled, false);
  assert.match(first.url, /^https:\/\/connect\.stripe\.com\/setup\//);

  const created = t.stripe.requests.find((request) => request.method === 'POST' && request.path === '/v1/accounts')!;
  assert.equal(created.idempotencyKey, `connect-account:${ORG}`);
  assert.equal(created.params.get('type'), 'standard');
  assert.equal(created.params.get('country'), 'NO');
  assert.equal(created.params.get('email'), 'post@fjordror.no');
  assert.equal(created.params.get('metadata[organization_id]'), ORG);

  const link = t.stripe.requests.find((request) => request.path === '/v1/account_links')!;
  assert.equal(link.params.get('account'), first.account.accountId);
  assert.equal(link.params.get('type'), 'account_onboarding');
  assert.equal(link.params.get('return_url'), `${SITE}/payments?tilkobling=ferdig`);
  assert.equal(link.params.get('refresh_url'), `${SITE}/payments?tilkobling=fornye`);

  // «Fortsett registreringen»: the same account, a fresh link.
  const again = await t.start();
  assert.equal(again.account.accountId, first.account.accountId);
  assert.notEqual(again.url, first.url);
  assert.equal(t.stripe.count('POST', '/v1/accounts'), 1);
  assert.equal(t.stripe.count('POST', '/v1/account_links'), 2);
});

Deno.test('refresh (Stripe): stores what Stripe says about the account now', async () => {
  const t = setup();
  const started = await t.start();
  t.stripe.completeOnboarding(started.account.accountId);
  const response = await t.call({ action: 'refresh', organizationId: ORG });
  assert.equal(response.status, 200);
  const { account } = (await response.json()) as { account: Record<string, unknown> };
  assert.deepEqual(account, {
    provider: 'stripe',
    accountId: started.account.accountId,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    country: 'NO',
  });
  assert.equal(t.rows.get(ORG)?.chargesEnabled, true);
  const read = t.stripe.requests.find((request) => request.method === 'GET')!;
  assert.equal(read.path, `/v1/accounts/${started.account.accountId}`);
});

Deno.test('refresh: no account yet answers null; an account gone at Stripe takes no payments', async () => {
  const t = setup();
  const none = await t.call({ action: 'refresh', organizationId: ORG });
  assert.deepEqual(await none.json(), { account: null });
  assert.equal(t.stripe.requests.length, 0);

  const started = await t.start();
  t.stripe.completeOnboarding(started.account.accountId);
  await t.call({ action: 'refresh', organizationId: ORG });
  t.stripe.accounts.delete(started.account.accountId);
  const gone = await t.call({ action: 'refresh', organizationId: ORG });
  assert.equal(((await gone.json()) as { account: { chargesEnabled: boolean } }).account.chargesEnabled, false);
});

Deno.test('start (local provider): a test account ready at once; the link is the return address', async () => {
  const t = setup('local');
  const started = await t.start();
  assert.equal(started.url, `${SITE}/payments?tilkobling=ferdig`);
  assert.equal(started.account.provider, 'local');
  assert.match(started.account.accountId, /^acct_local_/);
  assert.equal(started.account.chargesEnabled, true);
  assert.equal(started.account.detailsSubmitted, true);
  const refreshed = await t.call({ action: 'refresh', organizationId: ORG });
  assert.equal(((await refreshed.json()) as { account: { chargesEnabled: boolean } }).account.chargesEnabled, true);
});

Deno.test('a local test account on a Stripe platform is refused, not charged', async () => {
  const t = setup();
  t.rows.set(ORG, {
    provider: 'local',
    id: 'acct_local_x',
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    country: 'NO',
  });
  const response = await t.call({ action: 'start', organizationId: ORG });
  assert.equal(response.status, 409);
  assert.equal(await errorCode(response), 'seller-account-other-provider');
  assert.equal(t.stripe.requests.length, 0);
});

Deno.test('only owners and admins; the membership is checked on the server', async () => {
  const t = setup();
  const member = await t.call({ action: 'start', organizationId: ORG }, MEMBER);
  assert.equal(member.status, 403);
  assert.equal(await errorCode(member), 'forbidden');
  const other = await t.call({ action: 'start', organizationId: OTHER_ORG });
  assert.equal(other.status, 403);
  const anonymous = await handlePaymentsConnect(post(URL_, { action: 'start', organizationId: ORG }), {
    authenticate,
    db: fakeDb().db,
    accounts: localSellerAccounts(),
    siteUrl: SITE,
  });
  assert.equal(anonymous.status, 401);
  const invalid = await t.call({ action: 'connect', organizationId: ORG });
  assert.equal(invalid.status, 400);
  assert.equal(t.stripe.requests.length, 0);
});

Deno.test('no provider configured: 500 payments-not-configured, logged', async () => {
  const fail = () => Promise.reject(new Error('unreachable'));
  const logs: string[] = [];
  const response = await handlePaymentsConnect(post(URL_, { action: 'start', organizationId: ORG }, as(OWNER)), {
    authenticate,
    db: fakeDb().db,
    accounts: { name: 'unconfigured', createAccount: fail, onboardingLink: fail, retrieveAccount: fail },
    siteUrl: SITE,
    log: (line) => logs.push(line),
  });
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'payments-not-configured');
  assert.equal(logs.length, 1);
});

import assert from 'node:assert/strict';
import { bearerToken, callerFromJwt, type Caller } from '../_shared/auth.ts';
import type { SupabaseClient } from '../_shared/deps.ts';
import type { PaymentUpdate } from '../_shared/card-payments.ts';
import { FakeStripe } from '../_shared/stripe-fake.ts';
import { stripePaymentProvider } from '../_shared/stripe-payments.ts';
import type { ChargeInput, ChargeResult, PaymentProvider } from '../_shared/payments.ts';
import { declineCode, errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { FakeReceiptDb } from '../_shared/receipt-fake.ts';
import {
  BUY_LEAD_ERRORS,
  DbError,
  handleBuyLead,
  idempotencyKey,
  type BuyLeadDb,
  type BuyLeadDeps,
  type CompletedPurchase,
  type NotificationContext,
  type Payment,
  type PurchaseRow,
  type ReservedPurchase,
} from './handler.ts';

const URL_ = 'http://functions.test/buy-lead';
const LEAD = '00000000-0000-4000-8000-0000000000a1';
const AD = '00000000-0000-4000-8000-0000000000b1';
const BUYER = '00000000-0000-4000-8000-0000000000c1';
const SELLER = '00000000-0000-4000-8000-0000000000c2';
const MARKET = '00000000-0000-4000-8000-0000000000d1';
const PURCHASE = '00000000-0000-4000-8000-0000000000e1';
const USER_ID = '00000000-0000-4000-8000-0000000000f1';
const SECRET = 'test-jwt-secret-with-at-least-32-characters';
const CARD_PAYMENT = '00000000-0000-4000-8000-0000000000aa';
/** What start_lead_card_payment's row charges for a 499 kr lead: the price plus 25 % MVA. */
const CHARGED_ORE = 62375;

// --- JWTs and a GoTrue that checks them, so the real bearerToken + callerFromJwt run ----------------

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const text = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(data))));
}

async function signJwt(claims: Record<string, unknown>, secret = SECRET): Promise<string> {
  const unsigned = `${text({ alg: 'HS256', typ: 'JWT' })}.${text(claims)}`;
  return `${unsigned}.${await hmac(secret, unsigned)}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** auth.getUser(jwt) as GoTrue answers it: signature under SECRET, not expired, a known user. */
const fakeGoTrue = {
  auth: {
    async getUser(jwt: string) {
      const [header, payload, signature] = jwt.split('.');
      const refuse = (message: string) => ({ data: { user: null }, error: { message, status: 401 } });
      if (!header || !payload || !signature) return refuse('invalid JWT');
      if ((await hmac(SECRET, `${header}.${payload}`)) !== signature) return refuse('invalid signature');
      const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as {
        sub: string;
        exp: number;
      };
      if (claims.exp <= now()) return refuse('token is expired');
      if (claims.sub !== USER_ID) return refuse('user not found');
      return {
        data: { user: { id: USER_ID, email: 'Kjoper@Example.com', user_metadata: { full_name: 'Kari' } } },
        error: null,
      };
    },
  },
} as unknown as SupabaseClient;

async function authenticate(request: Request): Promise<Caller | null> {
  const jwt = bearerToken(request);
  return jwt ? await callerFromJwt(fakeGoTrue, jwt) : null;
}

// --- fakes --------------------------------------------------------------------------------------------

function completed(
  payment: Payment = 'tickets',
  overrides: Partial<CompletedPurchase> = {},
): CompletedPurchase {
  return {
    status: 'completed',
    purchase_id: PURCHASE,
    payment,
    price_tickets: payment === 'tickets' ? 1 : 0,
    price_credits: payment === 'credits' ? 20 : 0,
    amount_ore: payment === 'card' ? 49900 : 0,
    balance: { tickets: 9, credits: 0 },
    lead_id: LEAD,
    advertised_lead_id: AD,
    organization_id: BUYER,
    seller_organization_id: SELLER,
    marketplace_id: MARKET,
    buyers_count: 1,
    max_buyers: 3,
    sold_out: false,
    lead: {
      id: LEAD,
      name: 'Ola Nordmann',
      email: 'ola@example.com',
      phone: '+4791234567',
      postal_code: '5003',
      city: 'Bergen',
      company: null,
      category: 'Rørlegger',
      area: 'Bergen',
    },
    ...overrides,
  };
}

const reserved: ReservedPurchase = {
  status: 'reserved',
  purchase_id: PURCHASE,
  payment: 'card',
  amount_ore: 49900,
  reserved_until: '2026-11-22T05:15:00Z',
  lead_id: LEAD,
  advertised_lead_id: AD,
  organization_id: BUYER,
  seller_organization_id: SELLER,
  marketplace_id: MARKET,
};

class FakeDb implements BuyLeadDb {
  calls: string[] = [];
  callers: Caller[] = [];
  buyInputs: unknown[] = [];
  answer: CompletedPurchase | ReservedPurchase | Error = completed();
  confirmAnswer: CompletedPurchase | DbError = completed('card');
  releaseFails = false;
  member = true;
  row: PurchaseRow | null = null;
  contextFails = false;
  context: NotificationContext = {
    title: 'Nytt bad i Bergen sentrum',
    marketplaceName: 'Håndverkertorget',
    buyer: {
      name: 'Fjord Rør AS',
      sendToEmail: true,
      recipients: ['ola@fjordror.no', 'kari@fjordror.no'],
      events: ['new_lead', 'lead_bought', 'listing_sold'],
    },
    seller: {
      name: 'Vestland Tak AS',
      sendToEmail: true,
      recipients: ['siri@vestlandtak.no'],
      events: ['listing_sold'],
    },
  };
  buyLead(caller: Caller, input: unknown) {
    this.calls.push('buy_lead');
    this.callers.push(caller);
    this.buyInputs.push(input);
    return this.answer instanceof Error ? Promise.reject(this.answer) : Promise.resolve(this.answer);
  }
  confirmFailures = 0;
  confirmPurchase(purchaseId: string, reference: string) {
    this.calls.push(`confirm ${purchaseId} ${reference}`);
    if (this.confirmFailures > 0) {
      this.confirmFailures--;
      return Promise.reject(new DbError('fetch failed'));
    }
    return this.confirmAnswer instanceof DbError
      ? Promise.reject(this.confirmAnswer)
      : Promise.resolve(this.confirmAnswer);
  }
  releasePurchase(purchaseId: string) {
    this.calls.push(`release ${purchaseId}`);
    return this.releaseFails ? Promise.reject(new DbError('connection reset')) : Promise.resolve();
  }
  isMember(_caller: Caller, organizationId: string) {
    this.calls.push(`member ${organizationId}`);
    return Promise.resolve(this.member);
  }
  purchase(_caller: Caller, purchaseId: string) {
    this.calls.push(`purchase ${purchaseId}`);
    return Promise.resolve(this.row);
  }
  notificationContext() {
    this.calls.push('context');
    return this.contextFails ? Promise.reject(new Error('db down')) : Promise.resolve(this.context);
  }
  /** The card_payments calls (start / update / settle), apart from `calls`. */
  cardCalls: string[] = [];
  startFails = false;
  cardUpdateFails = false;
  startCardPayment(purchaseId: string, provider: string) {
    this.cardCalls.push(`start ${purchaseId} ${provider}`);
    return this.startFails
      ? Promise.reject(new DbError('start_lead_card_payment: connection reset'))
      : Promise.resolve({ id: CARD_PAYMENT, amount_ore: CHARGED_ORE });
  }
  updateCardPayment(paymentId: string, update: PaymentUpdate) {
    const details = [update.status ?? '-', update.providerPaymentId, update.failureCode, update.cardLast4]
      .filter((value) => value != null)
      .join(' ');
    this.cardCalls.push(`update ${paymentId} ${details}`);
    return this.cardUpdateFails ? Promise.reject(new DbError('update failed')) : Promise.resolve();
  }
  /** Rows settle_card_payment has settled (its guarded update: settled=true only the first time). */
  settledPayments = new Set<string>();
  settleFails = false;
  settleCardPayment(paymentId: string) {
    this.cardCalls.push(`settle ${paymentId}`);
    if (this.settleFails) return Promise.reject(new DbError('settle_card_payment: connection reset'));
    const first = !this.settledPayments.has(paymentId);
    this.settledPayments.add(paymentId);
    return Promise.resolve(first);
  }
}

class FakePayments implements Pick<PaymentProvider, 'name' | 'publishableKey' | 'chargeSavedCard'> {
  readonly name = 'local' as const;
  readonly publishableKey = null;
  charges: ChargeInput[] = [];
  result: ChargeResult | Error = { status: 'succeeded', paymentId: 'pi_1' };
  chargeSavedCard(input: ChargeInput) {
    this.charges.push(input);
    return this.result instanceof Error ? Promise.reject(this.result) : Promise.resolve(this.result);
  }
}

async function setup() {
  const db = new FakeDb();
  const payments = new FakePayments();
  const mailer = new FakeMailer();
  // No receipt addresses by default: the lead e-mails are what most tests count.
  const receipts = new FakeReceiptDb((id) => db.settledPayments.has(id));
  const logs: string[] = [];
  const deps: BuyLeadDeps = {
    authenticate,
    db,
    payments,
    mailer,
    receipts,
    siteUrl: 'http://localhost:5173/',
    log: (message) => logs.push(message),
    retryDelayMs: 0,
  };
  const jwt = await signJwt({ sub: USER_ID, role: 'authenticated', exp: now() + 3600 });
  const call = (body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${jwt}` }) =>
    handleBuyLead(post(URL_, body, headers), deps);
  return { db, payments, mailer, receipts, logs, deps, jwt, call };
}

const valid = { leadId: LEAD, advertisedLeadId: AD, organizationId: BUYER };

// --- tests ----------------------------------------------------------------------------------------------

Deno.test(
  'a ticket purchase: buy_lead once with the caller, 200 with the purchase and contact details',
  async () => {
    const { call, db, payments, jwt } = await setup();
    const response = await call(valid);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      purchase: {
        id: PURCHASE,
        status: 'completed',
        payment: 'tickets',
        priceTickets: 1,
        priceCredits: 0,
        amountOre: 0,
        balance: { tickets: 9, credits: 0 },
        leadId: LEAD,
        advertisedLeadId: AD,
        organizationId: BUYER,
        sellerOrganizationId: SELLER,
        marketplaceId: MARKET,
        buyersCount: 1,
        maxBuyers: 3,
        soldOut: false,
      },
      lead: {
        id: LEAD,
        name: 'Ola Nordmann',
        email: 'ola@example.com',
        phone: '+4791234567',
        postalCode: '5003',
        city: 'Bergen',
        company: null,
        category: 'Rørlegger',
        area: 'Bergen',
      },
    });
    assert.deepEqual(db.calls, ['buy_lead', 'context']);
    assert.equal(db.callers[0]!.jwt, jwt);
    assert.equal(db.callers[0]!.id, USER_ID);
    assert.deepEqual(db.buyInputs, [{ ...valid, payment: null }]);
    assert.equal(payments.charges.length, 0);
  },
);

Deno.test('an optional payment ("credits") is passed to buy_lead; invalid-payment is 400', async () => {
  const { call, db } = await setup();
  db.answer = completed('credits');
  assert.equal((await call({ ...valid, payment: 'credits' })).status, 200);
  assert.deepEqual(db.buyInputs, [{ ...valid, payment: 'credits' }]);
  db.answer = new DbError('invalid-payment', '22023');
  const refused = await call({ ...valid, payment: 'card' });
  assert.equal(refused.status, 400);
  assert.equal(await errorCode(refused), 'invalid-payment');
});

Deno.test('every buy_lead code keeps its status and body; nothing is charged or mailed', async () => {
  const expected: [string, number][] = [
    ['lead-not-found', 404],
    ['lead-already-bought', 409],
    ['organization-not-found', 404],
    ['lead-not-for-sale', 409],
    ['lead-not-available', 409],
    ['insufficient-tickets', 402],
    ['insufficient-credits', 402],
  ];
  for (const [code, status] of expected) {
    const { call, db, payments, mailer } = await setup();
    db.answer = new DbError(code, 'P0001');
    const response = await call(valid);
    assert.equal(response.status, status, code);
    assert.deepEqual(await response.json(), { error: { code } }, code);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(db.calls, ['buy_lead'], code);
    assert.equal(payments.charges.length, 0);
    assert.equal(mailer.sent.length, 0);
    assert.equal(BUY_LEAD_ERRORS[code], status);
  }
});

Deno.test('organization-not-found raised as PT404 (private.change_balance) is the same 404', async () => {
  const { call, db, payments } = await setup();
  db.answer = new DbError('organization-not-found', 'PT404');
  const response = await call(valid);
  assert.equal(response.status, 404);
  assert.deepEqual(await response.json(), { error: { code: 'organization-not-found' } });
  assert.equal(payments.charges.length, 0);
});

Deno.test('any other database failure is 500 unknown', async () => {
  for (const error of [
    new DbError('something-else', 'P0001'),
    new DbError('lead-not-found', '42501'),
    new DbError('JWT expired', 'PGRST301'),
    new Error('fetch failed'),
  ]) {
    const { call, db, logs } = await setup();
    db.answer = error;
    const response = await call(valid);
    assert.equal(response.status, 500);
    assert.equal(await errorCode(response), 'unknown');
    assert.deepEqual(logs, ['buy-lead: unexpected failure']);
  }
});

Deno.test(
  '401 not-signed-in for a missing, forged, expired or unknown-user token; buy_lead is not called',
  async () => {
    const { call, db } = await setup();
    const forged = await signJwt(
      { sub: USER_ID, role: 'authenticated', exp: now() + 3600 },
      'another-secret',
    );
    const expired = await signJwt({ sub: USER_ID, role: 'authenticated', exp: now() - 10 });
    const stranger = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: now() + 3600 });
    const cases: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: 'Bearer' },
      { Authorization: `Basic ${forged}` },
      { Authorization: `Bearer ${forged}` },
      { Authorization: `Bearer ${expired}` },
      { Authorization: `Bearer ${stranger}` },
      { Authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of cases) {
      const response = await call(valid, headers);
      assert.equal(response.status, 401, JSON.stringify(headers));
      assert.equal(await errorCode(response), 'not-signed-in');
    }
    assert.deepEqual(db.calls, []);
  },
);

Deno.test(
  '400 invalid-input for anything but three uuids (and an optional payment / purchaseId)',
  async () => {
    const { call, db } = await setup();
    const cases: unknown[] = [
      '{oops',
      '',
      '[]',
      'null',
      '"text"',
      {},
      { leadId: LEAD, advertisedLeadId: AD },
      { ...valid, leadId: 'not-a-uuid' },
      { ...valid, advertisedLeadId: 42 },
      { ...valid, organizationId: null },
      { ...valid, payment: 'bitcoin' },
      { ...valid, purchaseId: 'x' },
      'x'.repeat(70 * 1024),
      // Text Postgres cannot store, anywhere in the body (_shared/http.ts readJson).
      { ...valid, payment: 'tickets\u0000' },
      { ...valid, note: 'x\u0000' },
      { ...valid, ['key\u0000']: 1 },
      { ...valid, note: '\ud800' },
    ];
    for (const body of cases) {
      const response = await call(body);
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(await errorCode(response), 'invalid-input');
    }
    assert.deepEqual(db.calls, []);
  },
);

Deno.test('OPTIONS preflight and 405 for other methods', async () => {
  const { deps } = await setup();
  const preflight = await handleBuyLead(new Request(URL_, { method: 'OPTIONS' }), deps);
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const response = await handleBuyLead(new Request(URL_, { method }), deps);
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(await errorCode(response), 'method-not-allowed');
  }
});

Deno.test(
  'card succeeded: charged once, incl. mva, with the idempotency key, then confirmed with the payment id',
  async () => {
    const { call, db, payments } = await setup();
    db.answer = reserved;
    const response = await call(valid);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { purchase: { payment: string; amountOre: number } };
    assert.equal(body.purchase.payment, 'card');
    // The purchase keeps the listing's price eks. mva; the card is charged its card_payments amount.
    assert.equal(body.purchase.amountOre, 49900);
    assert.deepEqual(payments.charges, [
      {
        organizationId: BUYER,
        amountOre: CHARGED_ORE,
        idempotencyKey: `buy-lead:${PURCHASE}`,
        description: `Leadtorget: kjøp av lead (${PURCHASE})`,
        metadata: { purchase_id: PURCHASE, card_payment_id: CARD_PAYMENT },
      },
    ]);
    assert.equal(idempotencyKey(PURCHASE), `buy-lead:${PURCHASE}`);
    assert.deepEqual(db.calls, ['buy_lead', `confirm ${PURCHASE} pi_1`, 'context']);
    // The card_payments row: started before the charge, the provider's id recorded, settled after confirm.
    assert.deepEqual(db.cardCalls, [
      `start ${PURCHASE} local`,
      `update ${CARD_PAYMENT} - pi_1`,
      `settle ${CARD_PAYMENT}`,
    ]);
  },
);

Deno.test(
  'card declined: released, 200 failed with the card code (an answer, not an error), no e-mail',
  async () => {
    for (const code of ['card_declined', 'insufficient_funds', 'expired_card'] as const) {
      const { call, db, payments, mailer } = await setup();
      db.answer = reserved;
      payments.result = { status: 'failed', code, paymentId: 'pi_2' };
      const response = await call(valid);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: 'failed', error: { code } });
      assert.deepEqual(db.calls, ['buy_lead', `release ${PURCHASE}`]);
      assert.deepEqual(db.cardCalls, [
        `start ${PURCHASE} local`,
        `update ${CARD_PAYMENT} failed pi_2 ${code}`,
      ]);
      assert.equal(mailer.sent.length, 0);
    }
  },
);

Deno.test('a failed release still answers the decline (the reservation expires by itself)', async () => {
  const { call, db, payments, logs } = await setup();
  db.answer = reserved;
  db.releaseFails = true;
  payments.result = { status: 'failed', code: 'card_declined' };
  const response = await call(valid);
  assert.equal(await declineCode(response), 'card_declined');
  assert.deepEqual(logs, [`buy-lead: release of ${PURCHASE} failed`]);
});

Deno.test(
  'authentication_required: 200 requires_action with the client secret and purchase id; the slot stays reserved',
  async () => {
    const { call, db, payments, mailer } = await setup();
    db.answer = reserved;
    payments.result = { status: 'requires_action', paymentId: 'pi_3', clientSecret: 'pi_3_secret_x' };
    const response = await call(valid);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {
      status: 'requires_action',
      error: {
        code: 'authentication_required',
        clientSecret: 'pi_3_secret_x',
        purchaseId: PURCHASE,
        reservedUntil: '2026-11-22T05:15:00Z',
        provider: 'local',
        publishableKey: null,
      },
    });
    assert.deepEqual(db.calls, ['buy_lead']);
    assert.deepEqual(db.cardCalls, [
      `start ${PURCHASE} local`,
      `update ${CARD_PAYMENT} requires_action pi_3`,
    ]);
    assert.equal(mailer.sent.length, 0);
  },
);

Deno.test('processing: 202 with the purchase id, the reservation stays for the webhook', async () => {
  const { call, db, payments, mailer } = await setup();
  db.answer = reserved;
  payments.result = { status: 'processing', paymentId: 'pi_4' };
  const response = await call(valid);
  assert.equal(response.status, 202);
  assert.deepEqual(await response.json(), {
    status: 'processing',
    purchaseId: PURCHASE,
    reservedUntil: '2026-11-22T05:15:00Z',
  });
  assert.deepEqual(db.calls, ['buy_lead']);
  assert.deepEqual(db.cardCalls, [`start ${PURCHASE} local`, `update ${CARD_PAYMENT} processing pi_4`]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('the card_payments row cannot be started: nothing is charged, released, 500', async () => {
  const { call, db, payments, logs } = await setup();
  db.answer = reserved;
  db.startFails = true;
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.equal(payments.charges.length, 0);
  assert.deepEqual(db.calls, ['buy_lead', `release ${PURCHASE}`]);
  assert.deepEqual(logs, [`buy-lead: charging ${PURCHASE} failed (local)`]);
});

Deno.test('recording on the card_payments row fails: logged, the paid purchase still completes', async () => {
  const { call, db, payments, logs } = await setup();
  db.answer = reserved;
  db.cardUpdateFails = true;
  payments.result = {
    status: 'succeeded',
    paymentId: 'pi_5',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  };
  const response = await call(valid);
  assert.equal(response.status, 200);
  await response.body?.cancel();
  assert.deepEqual(db.cardCalls, [
    `start ${PURCHASE} local`,
    `update ${CARD_PAYMENT} - pi_5 4242`,
    `settle ${CARD_PAYMENT}`,
  ]);
  assert.deepEqual(
    logs.filter((line) => line.startsWith('buy-lead:')),
    [`buy-lead: recording card payment ${CARD_PAYMENT} failed`],
  );
});

Deno.test('the provider throws: released, 500 unknown', async () => {
  const { call, db, payments, logs } = await setup();
  db.answer = reserved;
  payments.result = new Error('payments: no payment provider configured');
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.deepEqual(db.calls, ['buy_lead', `release ${PURCHASE}`]);
  assert.deepEqual(logs, [`buy-lead: charging ${PURCHASE} failed (local)`]);
});

Deno.test('charged but the reservation was released meanwhile: 500 and a log line to refund', async () => {
  const { call, db, logs, mailer } = await setup();
  db.answer = reserved;
  db.confirmAnswer = new DbError('lead-purchase-released', 'P0001');
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.deepEqual(logs, [
    `buy-lead: payment pi_1 succeeded but purchase ${PURCHASE} was released: refund it`,
    'buy-lead: unexpected failure',
  ]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test(
  'charged, then a transient confirm failure: confirmed on a later try; 3 failures are 500',
  async () => {
    const { call, db } = await setup();
    db.answer = reserved;
    db.confirmFailures = 2;
    assert.equal((await call(valid)).status, 200);
    assert.deepEqual(db.calls.filter((c) => c.startsWith('confirm')).length, 3);

    const failing = await setup();
    failing.db.answer = reserved;
    failing.db.confirmFailures = 3;
    const response = await failing.call(valid);
    assert.equal(response.status, 500);
    assert.equal(failing.db.calls.filter((c) => c.startsWith('confirm')).length, 3);
    assert.ok(!failing.db.calls.some((c) => c.startsWith('release')), 'a charged purchase is never released');
    assert.deepEqual(failing.logs, [
      `buy-lead: payment pi_1 succeeded but confirming ${PURCHASE} failed`,
      'buy-lead: unexpected failure',
    ]);
  },
);

Deno.test('resume with purchaseId after on-session authentication: same key, confirmed', async () => {
  const { call, db, payments } = await setup();
  db.row = {
    id: PURCHASE,
    state: 'reserved',
    lead_id: LEAD,
    advertised_lead_id: AD,
    organization_id: BUYER,
    amount_ore: 49900,
    reserved_until: '2026-11-22T05:15:00Z',
  };
  const response = await call({ ...valid, purchaseId: PURCHASE });
  assert.equal(response.status, 200);
  assert.equal(payments.charges[0]!.idempotencyKey, `buy-lead:${PURCHASE}`);
  assert.equal(payments.charges[0]!.amountOre, CHARGED_ORE);
  assert.deepEqual(db.calls, [
    `member ${BUYER}`,
    `purchase ${PURCHASE}`,
    `confirm ${PURCHASE} pi_1`,
    'context',
  ]);
});

Deno.test(
  'with the Stripe provider (npm:stripe, answered by the fake): every outcome of the off-session charge',
  async () => {
    const cases: [string, number, string][] = [
      ['pm_card_visa', 200, 'completed'],
      ['pm_card_chargeDeclined', 200, 'card_declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 200, 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 200, 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', 200, 'invalid_cvc'],
      ['pm_card_chargeDeclinedProcessingError', 200, 'processing_error'],
      ['pm_card_authenticationRequired', 200, 'authentication_required'],
    ];
    for (const [paymentMethod, status, outcome] of cases) {
      const { call, db, deps } = await setup();
      const stripe = new FakeStripe();
      deps.payments = stripePaymentProvider({
        secretKey: 'sk_test_fake',
        publishableKey: null,
        webhookSecret: null,
        savedCard: () =>
          Promise.resolve({ paymentMethodId: paymentMethod, last4: null, customerId: 'cus_1' }),
        fetch: stripe.fetch,
        maxNetworkRetries: 0,
      });
      db.answer = reserved;
      const response = await call(valid);
      assert.equal(response.status, status, paymentMethod);
      const body = (await response.json()) as { purchase?: { status: string }; error?: { code: string } };
      assert.equal(body.purchase?.status ?? body.error?.code, outcome, paymentMethod);
      assert.equal(stripe.paymentIntents.size, 1);
      const create = stripe.requests[0]!;
      assert.equal(create.idempotencyKey, `buy-lead:${PURCHASE}`);
      assert.equal(create.params.get('off_session'), 'true');
      assert.equal(create.params.get('amount'), String(CHARGED_ORE), 'charged incl. mva');
      assert.equal(create.params.get('metadata[purchase_id]'), PURCHASE);
      assert.equal(stripe.charges.length, outcome === 'completed' ? 1 : 0);
    }
  },
);

Deno.test(
  'with the Stripe provider: 3-D Secure, then the resume completes without a second charge (five at once)',
  async () => {
    const { call, db, deps, mailer } = await setup();
    const stripe = new FakeStripe();
    deps.payments = stripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: null,
      savedCard: () =>
        Promise.resolve({
          paymentMethodId: 'pm_card_authenticationRequired',
          last4: '3184',
          customerId: 'cus_1',
        }),
      fetch: stripe.fetch,
      maxNetworkRetries: 0,
    });
    db.answer = reserved;
    const first = await call(valid);
    assert.equal(first.status, 200);
    const { error } = (await first.json()) as {
      error: { clientSecret: string; provider: string; publishableKey: string | null };
    };
    const [paymentId] = [...stripe.paymentIntents.keys()];
    assert.equal(error.clientSecret, `${paymentId}_secret_fake`);
    assert.equal(error.provider, 'stripe');
    assert.equal(error.publishableKey, 'pk_test_fake');

    stripe.authenticate(paymentId!, true);
    db.row = {
      id: PURCHASE,
      state: 'reserved',
      lead_id: LEAD,
      advertised_lead_id: AD,
      organization_id: BUYER,
      amount_ore: 49900,
      reserved_until: '2026-11-22T05:15:00Z',
    };
    stripe.latencyMs = 5;
    const resumed = await Promise.all(
      Array.from({ length: 5 }, () => call({ ...valid, purchaseId: PURCHASE })),
    );
    for (const response of resumed) {
      assert.equal(response.status, 200);
      await response.body?.cancel();
    }
    assert.equal(stripe.paymentIntents.size, 1);
    assert.equal(stripe.charges.length, 1);
    assert.ok(db.calls.includes(`confirm ${PURCHASE} ${paymentId}`));
    // Five resumes settle the row five times, but only the first settle notifies: 2 + 1 e-mails.
    assert.equal(db.cardCalls.filter((c) => c.startsWith('settle')).length, 5);
    assert.equal(db.calls.filter((c) => c === 'context').length, 1);
    assert.deepEqual(mailer.sent.map((mail) => mail.tags?.[0]).sort(), [
      'lead-bought',
      'lead-bought',
      'listing-sold',
    ]);
  },
);

Deno.test(
  'a lead bought on demand sends its receipt once; a row the webhook receipted sends none',
  async () => {
    const { call, db, mailer, receipts } = await setup();
    db.answer = reserved;
    receipts.recipients = ['regnskap@fjordror.no'];
    const response = await call(valid);
    assert.equal(response.status, 200);
    await response.body?.cancel();
    const sent = mailer.sent.filter((mail) => mail.tags?.[0] === 'receipt');
    assert.deepEqual(
      sent.map((mail) => [mail.to, mail.subject]),
      [['regnskap@fjordror.no', 'Kvittering: Lead: Nytt bad']],
    );
    assert.match(sent[0]!.text, /Org\.nr\. 999 999 999 MVA/);
    assert.deepEqual(receipts.calls, [`issue ${CARD_PAYMENT}`]);

    // The webhook settled and receipted the row first: buy-lead's issue finds it and sends nothing.
    const late = await setup();
    late.db.answer = reserved;
    late.receipts.recipients = ['regnskap@fjordror.no'];
    late.db.settledPayments.add(CARD_PAYMENT);
    late.receipts.issueCardPaymentReceipt(CARD_PAYMENT);
    await (await late.call(valid)).body?.cancel();
    assert.equal(late.mailer.sent.length, 0);
    assert.equal(late.receipts.receipts.bySource.size, 1);
  },
);

Deno.test(
  'card charged, but its card_payments row was settled already (the webhook was first): no e-mails',
  async () => {
    const { call, db, mailer } = await setup();
    db.answer = reserved;
    db.settledPayments.add(CARD_PAYMENT);
    const response = await call(valid);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { lead: { phone: string } }).lead.phone, '+4791234567');
    assert.deepEqual(db.calls, ['buy_lead', `confirm ${PURCHASE} pi_1`]);
    assert.equal(mailer.sent.length, 0);

    // The same for a purchaseId resume.
    const resume = await setup();
    resume.db.row = {
      id: PURCHASE,
      state: 'reserved',
      lead_id: LEAD,
      advertised_lead_id: AD,
      organization_id: BUYER,
      amount_ore: 49900,
      reserved_until: null,
    };
    resume.db.settledPayments.add(CARD_PAYMENT);
    assert.equal((await resume.call({ ...valid, purchaseId: PURCHASE })).status, 200);
    assert.equal(resume.mailer.sent.length, 0);
  },
);

Deno.test(
  'card charged, settling fails: 200 with the lead, logged, no e-mails (the webhook settles)',
  async () => {
    const { call, db, mailer, logs } = await setup();
    db.answer = reserved;
    db.settleFails = true;
    const response = await call(valid);
    assert.equal(response.status, 200);
    await response.body?.cancel();
    assert.equal(mailer.sent.length, 0);
    assert.deepEqual(logs, [`buy-lead: settling card payment ${CARD_PAYMENT} failed`]);
  },
);

Deno.test('resume: not a member, someone else’s purchase, released or already completed', async () => {
  const row: PurchaseRow = {
    id: PURCHASE,
    state: 'reserved',
    lead_id: LEAD,
    advertised_lead_id: AD,
    organization_id: BUYER,
    amount_ore: 49900,
    reserved_until: null,
  };
  const outsider = await setup();
  outsider.db.member = false;
  outsider.db.row = row;
  const refused = await outsider.call({ ...valid, purchaseId: PURCHASE });
  assert.equal(refused.status, 404);
  assert.equal(await errorCode(refused), 'organization-not-found');

  const mismatch = await setup();
  mismatch.db.row = { ...row, lead_id: AD };
  assert.equal((await mismatch.call({ ...valid, purchaseId: PURCHASE })).status, 404);
  const missing = await setup();
  assert.equal(await errorCode(await missing.call({ ...valid, purchaseId: PURCHASE })), 'lead-not-found');

  const released = await setup();
  released.db.row = { ...row, state: 'released' };
  const gone = await released.call({ ...valid, purchaseId: PURCHASE });
  assert.equal(gone.status, 409);
  assert.equal(await errorCode(gone), 'lead-not-available');
  assert.equal(released.payments.charges.length, 0);

  const done = await setup();
  done.db.row = { ...row, state: 'completed' };
  const again = await done.call({ ...valid, purchaseId: PURCHASE });
  assert.equal(again.status, 200);
  assert.equal(done.payments.charges.length, 0);
  assert.equal(done.mailer.sent.length, 0);
});

Deno.test('notifications: lead_bought to every buyer recipient, listing_sold to the seller’s', async () => {
  const { call, mailer } = await setup();
  await call(valid);
  assert.deepEqual(
    mailer.sent.map((mail) => [mail.to, mail.tags]),
    [
      ['ola@fjordror.no', ['lead-bought']],
      ['kari@fjordror.no', ['lead-bought']],
      ['siri@vestlandtak.no', ['listing-sold']],
    ],
  );
  const bought = mailer.sent[0]!;
  assert.equal(bought.subject, 'Dere har kjøpt leadet «Nytt bad i Bergen sentrum»');
  assert.ok(bought.text.includes('Fjord Rør AS har kjøpt leadet «Nytt bad i Bergen sentrum» (Ola Nordmann)'));
  assert.ok(bought.text.includes('på Håndverkertorget for 1 klipp.'));
  assert.ok(bought.text.includes(`http://localhost:5173/leads/lead/${LEAD}`));
  assert.ok(bought.html.includes(`href="http://localhost:5173/leads/lead/${LEAD}"`));
  assert.ok(!bought.text.includes('ola@example.com') && !bought.text.includes('+4791234567'));
  const sold = mailer.sent[2]!;
  assert.equal(sold.subject, 'Leadet «Nytt bad i Bergen sentrum» er solgt');
  assert.ok(
    sold.text.includes('Fjord Rør AS har kjøpt leadet «Nytt bad i Bergen sentrum» fra Vestland Tak AS'),
  );
  assert.ok(sold.text.includes('1 av 3 er solgt.'));
  assert.ok(!sold.text.includes('Ola Nordmann'));
});

Deno.test(
  'listing_sold counts per lead: a re-listing adds the earlier buyers and is never exclusive',
  async () => {
    const relisted = await setup();
    relisted.db.context.buyer.sendToEmail = false;
    relisted.db.context.earlierBuyers = 2;
    relisted.db.answer = completed('tickets', { buyers_count: 1, max_buyers: 1, sold_out: true });
    await relisted.call(valid);
    const [sold] = relisted.mailer.sent;
    assert.ok(sold!.text.includes('3 av 3 er solgt, og annonsen er nå utsolgt.'), sold!.text);
    assert.ok(!sold!.text.includes('eksklusivt'));

    const shared = await setup();
    shared.db.context.buyer.sendToEmail = false;
    shared.db.context.earlierBuyers = 1;
    shared.db.answer = completed('tickets', { buyers_count: 1, max_buyers: 2 });
    await shared.call(valid);
    assert.ok(shared.mailer.sent[0]!.text.includes('2 av 3 er solgt.'), shared.mailer.sent[0]!.text);
  },
);

Deno.test('notifications follow the settings: off, event not chosen, no recipients', async () => {
  const off = await setup();
  off.db.context.buyer.sendToEmail = false;
  off.db.context.seller.events = ['new_lead', 'lead_bought'];
  assert.equal((await off.call(valid)).status, 200);
  assert.equal(off.mailer.sent.length, 0);

  const onlySeller = await setup();
  onlySeller.db.context.buyer.events = ['listing_sold'];
  onlySeller.db.context.seller.recipients = [];
  onlySeller.db.answer = completed('tickets', { buyers_count: 3, max_buyers: 3, sold_out: true });
  assert.equal((await onlySeller.call(valid)).status, 200);
  assert.equal(onlySeller.mailer.sent.length, 0);

  const soldOut = await setup();
  soldOut.db.context.buyer.sendToEmail = false;
  soldOut.db.answer = completed('card', { buyers_count: 1, max_buyers: 1, sold_out: true });
  await soldOut.call(valid);
  assert.equal(soldOut.mailer.sent.length, 1);
  assert.ok(soldOut.mailer.sent[0]!.text.includes('Det var et eksklusivt lead, og annonsen er nå utsolgt.'));
  assert.ok(soldOut.mailer.sent[0]!.text.includes('for 499,00 kr eks. mva.'));
});

Deno.test('a failing mailer or settings read never fails the purchase', async () => {
  const mail = await setup();
  mail.mailer.fail = true;
  const response = await mail.call(valid);
  assert.equal(response.status, 200);
  assert.equal(((await response.json()) as { lead: { phone: string } }).lead.phone, '+4791234567');
  assert.deepEqual(mail.logs, ['buy-lead: 3 of 3 notification e-mails failed']);

  const settings = await setup();
  settings.db.contextFails = true;
  assert.equal((await settings.call(valid)).status, 200);
  assert.deepEqual(settings.logs, ['buy-lead: reading notification settings failed']);
});

Deno.test('e-mails escape what organizations typed', async () => {
  const { call, db, mailer } = await setup();
  db.context.title = '<script>alert(1)</script>';
  db.context.buyer.name = 'A & B <AS>';
  await call(valid);
  const html = mailer.sent[0]!.html;
  assert.ok(!html.includes('<script>'));
  assert.ok(html.includes('&lt;script&gt;'));
  assert.ok(html.includes('A &amp; B &lt;AS&gt;'));
});

import assert from 'node:assert/strict';
import { bearerToken, callerFromJwt, type Caller } from '../_shared/auth.ts';
import type { SupabaseClient } from '../_shared/deps.ts';
import { EMAIL_COLOURS } from '../_shared/email-layout.ts';
import { errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { listingPrice } from './email.ts';
import {
  handleNotifyListing,
  listingLink,
  type ListingClaim,
  type NotifyListingDb,
  type NotifyListingDeps,
  type VisibleListing,
} from './handler.ts';

const URL_ = 'http://functions.test/notify-listing';
const LEAD = '00000000-0000-4000-8000-0000000000a1';
const AD = '00000000-0000-4000-8000-0000000000b1';
const SELLER = '00000000-0000-4000-8000-0000000000c2';
const MARKET = '00000000-0000-4000-8000-0000000000d1';
const USER_ID = '00000000-0000-4000-8000-0000000000f1';
const JWT = 'valid.user.jwt';

/** auth.getUser(jwt) as GoTrue answers it: only JWT is a known user's token. */
const fakeGoTrue = {
  auth: {
    getUser(jwt: string) {
      if (jwt !== JWT) {
        return Promise.resolve({ data: { user: null }, error: { message: 'invalid JWT', status: 401 } });
      }
      return Promise.resolve({
        data: { user: { id: USER_ID, email: 'selger@alfa.no', user_metadata: {} } },
        error: null,
      });
    },
  },
} as unknown as SupabaseClient;

async function authenticate(request: Request): Promise<Caller | null> {
  const jwt = bearerToken(request);
  return jwt ? await callerFromJwt(fakeGoTrue, jwt) : null;
}

function claim(overrides: Partial<ListingClaim> = {}): ListingClaim {
  return {
    advertised_lead_id: AD,
    lead_id: LEAD,
    marketplace_id: MARKET,
    marketplace_name: 'Håndverkertorget',
    organization_id: SELLER,
    title: 'Nytt bad i Bergen <sentrum>',
    category: 'Rørlegger',
    area: 'Bergen',
    price_tickets: 2,
    price_credits: 10,
    price_ore: 49900,
    max_buyers: 3,
    expires_at: '2026-12-22T05:00:00Z',
    recipients: [{ email: 'ola@beta.no' }, { email: 'Kari@Beta.no' }, { email: 'ola@beta.no ' }],
    ...overrides,
  };
}

class FakeDb implements NotifyListingDb {
  calls: string[] = [];
  callers: Caller[] = [];
  visible: VisibleListing | null = { id: AD, organization_id: SELLER };
  member = true;
  answer: ListingClaim | null | Error = claim();
  colour: string | null | Error = null;
  listing(caller: Caller, advertisedLeadId: string) {
    this.calls.push(`listing ${advertisedLeadId}`);
    this.callers.push(caller);
    return Promise.resolve(this.visible);
  }
  isMember(caller: Caller, organizationId: string) {
    this.calls.push(`member ${organizationId}`);
    this.callers.push(caller);
    return Promise.resolve(this.member);
  }
  claim(advertisedLeadId: string) {
    this.calls.push(`claim ${advertisedLeadId}`);
    const answer = this.answer;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }
  marketplaceColor(marketplaceId: string) {
    this.calls.push(`colour ${marketplaceId}`);
    const colour = this.colour;
    return colour instanceof Error ? Promise.reject(colour) : Promise.resolve(colour);
  }
}

function setup() {
  const db = new FakeDb();
  const mailer = new FakeMailer();
  const logs: string[] = [];
  const deps: NotifyListingDeps = {
    authenticate,
    db,
    mailer,
    siteUrl: 'https://app.leadtorget.no/',
    log: (message) => logs.push(message),
  };
  const call = (body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${JWT}` }) =>
    handleNotifyListing(post(URL_, body, headers), deps);
  return { db, mailer, logs, call };
}

const valid = { advertisedLeadId: AD };
const LINK = `https://app.leadtorget.no/leads/marketplace/${MARKET}?lead=${LEAD}&ad=${AD}`;

Deno.test('no JWT, or one GoTrue refuses: 401 and nothing read', async () => {
  const cases: Record<string, string>[] = [
    {},
    { Authorization: 'Bearer forged.jwt.token' },
    { Authorization: 'Basic x' },
  ];
  for (const headers of cases) {
    const { call, db, mailer } = setup();
    const response = await call(valid, headers);
    assert.equal(response.status, 401);
    assert.equal(await errorCode(response), 'not-signed-in');
    assert.deepEqual(db.calls, []);
    assert.equal(mailer.sent.length, 0);
  }
});

Deno.test('invalid bodies: 400 invalid-input and nothing read', async () => {
  for (const body of [
    'not json',
    '[]',
    'null',
    {},
    { advertisedLeadId: 'nope' },
    { advertisedLeadId: 42 },
    { advertisedLeadId: '\u0000' },
    { advertisedLeadId: 'b0000000-0000-4000-8000-000000000001', note: '\udfff' },
  ]) {
    const { call, db } = setup();
    const response = await call(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(await errorCode(response), 'invalid-input');
    assert.deepEqual(db.calls, []);
  }
});

Deno.test('OPTIONS answers the preflight; GET is 405', async () => {
  const { db } = setup();
  const deps = { authenticate, db, mailer: new FakeMailer(), siteUrl: 'http://x' };
  const options = await handleNotifyListing(new Request(URL_, { method: 'OPTIONS' }), deps);
  assert.equal(options.status, 200);
  assert.equal(options.headers.get('Access-Control-Allow-Origin'), '*');
  await options.body?.cancel();
  const get = await handleNotifyListing(new Request(URL_), deps);
  assert.equal(get.status, 405);
  await get.body?.cancel();
});

Deno.test('a listing the caller cannot see: 404 not-found, no claim', async () => {
  const { call, db, mailer } = setup();
  db.visible = null;
  const response = await call(valid);
  assert.equal(response.status, 404);
  assert.equal(await errorCode(response), 'not-found');
  assert.deepEqual(db.calls, [`listing ${AD}`]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('a visible listing of another organization: 403 forbidden, no claim', async () => {
  const { call, db, mailer } = setup();
  db.member = false;
  const response = await call(valid);
  assert.equal(response.status, 403);
  assert.equal(await errorCode(response), 'forbidden');
  assert.deepEqual(db.calls, [`listing ${AD}`, `member ${SELLER}`]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('already notified (claim null): 200 { sent: 0 } and no e-mail', async () => {
  const { call, db, mailer } = setup();
  db.answer = null;
  const response = await call(valid);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: 0 });
  assert.deepEqual(db.calls, [`listing ${AD}`, `member ${SELLER}`, `claim ${AD}`]);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('sends one e-mail per distinct recipient with the teaser and the deep link', async () => {
  const { call, db, mailer } = setup();
  const response = await call(valid);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: 2 });
  assert.deepEqual(db.calls, [`listing ${AD}`, `member ${SELLER}`, `claim ${AD}`, `colour ${MARKET}`]);
  assert.ok(db.callers.every((caller) => caller.jwt === JWT && caller.id === USER_ID));
  assert.deepEqual(
    mailer.sent.map((mail) => mail.to),
    ['ola@beta.no', 'kari@beta.no'],
  );
  for (const mail of mailer.sent) {
    assert.equal(mail.subject, 'Nytt lead på Håndverkertorget: «Nytt bad i Bergen <sentrum>»');
    assert.deepEqual(mail.tags, ['new-listing']);
    assert.ok(mail.text.includes(LINK), mail.text);
    assert.ok(mail.html.includes(LINK.replaceAll('&', '&amp;')), 'the HTML button has the deep link');
    assert.ok(mail.text.includes('Kategori: Rørlegger'));
    assert.ok(mail.text.includes('Område: Bergen'));
    assert.ok(mail.text.includes('Pris: 2 klipp, 10 kreditter eller 499,00 kr eks. mva'));
    assert.ok(mail.html.includes('&lt;sentrum&gt;'), 'the title is escaped in the HTML');
    assert.ok(!mail.html.includes('<sentrum>'));
  }
});

Deno.test("the e-mail is in the marketplace's colour, Leadtorget's without one", async () => {
  const branded = setup();
  branded.db.colour = '#0B6E4F';
  await branded.call(valid);
  assert.ok(branded.mailer.sent[0]!.html.includes('bgcolor="#0b6e4f"'), 'header and button in its colour');
  assert.ok(!branded.mailer.sent[0]!.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));

  const plain = setup();
  await plain.call(valid);
  assert.ok(plain.mailer.sent[0]!.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));
});

Deno.test("a failed read of the colour still sends, in Leadtorget's, and is logged", async () => {
  const { call, db, mailer, logs } = setup();
  db.colour = new Error('connection reset');
  const response = await call(valid);
  assert.deepEqual(await response.json(), { sent: 2 });
  assert.ok(mailer.sent.every((mail) => mail.html.includes(`bgcolor="${EMAIL_COLOURS.primary}"`)));
  assert.equal(logs.length, 1);
  assert.match(logs[0]!, /colour failed/);
});

Deno.test('no recipients: 200 { sent: 0 }', async () => {
  const { call, db, mailer } = setup();
  db.answer = claim({ recipients: [] });
  const response = await call(valid);
  assert.deepEqual(await response.json(), { sent: 0 });
  assert.equal(mailer.sent.length, 0);
});

Deno.test('mailer failures are logged, the answer is still 200', async () => {
  const { call, mailer, logs } = setup();
  mailer.fail = true;
  const response = await call(valid);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: 0 });
  assert.equal(logs.length, 1);
  assert.match(logs[0]!, /2 of 2 e-mails/);
  assert.ok(!logs[0]!.includes('@'), 'no addresses in the log');
});

Deno.test('a database failure: 500 unknown, logged', async () => {
  const { call, db, logs, mailer } = setup();
  db.answer = new Error('connection reset');
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.equal(logs.length, 1);
  assert.equal(mailer.sent.length, 0);
});

Deno.test('listingLink and listingPrice', () => {
  assert.equal(
    listingLink('http://localhost:5173//', 'm 1', 'l', 'a'),
    'http://localhost:5173/leads/marketplace/m%201?lead=l&ad=a',
  );
  assert.equal(listingPrice({ priceTickets: 1, priceCredits: 0, priceOre: 0 }), '1 klipp');
  assert.equal(
    listingPrice({ priceTickets: 0, priceCredits: 1, priceOre: 10000 }),
    '1 kreditt eller 100,00 kr eks. mva',
  );
  assert.equal(listingPrice({ priceTickets: 0, priceCredits: 0, priceOre: 0 }), 'gratis');
});

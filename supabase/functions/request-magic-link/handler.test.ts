import assert from 'node:assert/strict';
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { createRedirectAllowList, globToRegExp, splitAllowList } from '../_shared/redirect-allow-list.ts';
import { errorCode, FakeMailer, FakeRateLimiter, post } from '../_shared/testing.ts';
import { handleRequestMagicLink, type MagicLinkDeps } from './handler.ts';
import { magicLinkEmail } from './email.ts';

const URL_ = 'http://functions.test/request-magic-link';
const SITE = 'http://localhost:5173';
const ALLOW = splitAllowList(
  'http://localhost:5173/**,http://fyllopp.localhost:5173/**,https://app.leadtorget.no/**,https://*.preview.leadtorget.no/**',
);

class FakeAuth {
  users = new Set<string>(['kjent@example.com']);
  calls: string[] = [];
  fail = false;
  createUnconfirmedUser(email: string) {
    this.calls.push(`create ${email}`);
    if (this.users.has(email)) return Promise.resolve('exists' as const);
    this.users.add(email);
    return Promise.resolve('created' as const);
  }
  magicLinkTokenHash(email: string) {
    this.calls.push(`link ${email}`);
    if (this.fail) return Promise.reject(new Error('gotrue down'));
    return Promise.resolve(`hash-${email.length}`);
  }
}

class FakeDb {
  marketplaces = new Map<string, string>([
    ['handverk.no', 'Håndverkertorget'],
    ['partner.localhost', 'Partnertorget'],
    ['localhost', 'Leadtorget marked'],
  ]);
  /** Marketplaces with a colour of their own (branding.primaryColor). */
  colours = new Map<string, string>([['handverk.no', '#0f766e']]);
  requests: { id: string; email: string; redirectTo: string }[] = [];
  marketplaceForHost(host: string) {
    const name = this.marketplaces.get(host);
    return Promise.resolve(name ? { name, color: this.colours.get(host) ?? null } : null);
  }
  createSignInRequest(email: string, redirectTo: string) {
    const id = `00000000-0000-4000-8000-${String(this.requests.length + 1).padStart(12, '0')}`;
    this.requests.push({ id, email, redirectTo });
    return Promise.resolve(id);
  }
}

function setup(overrides: Partial<MagicLinkDeps> = {}) {
  const admin = new FakeAuth();
  const db = new FakeDb();
  const mailer = new FakeMailer();
  const rateLimiter = new FakeRateLimiter();
  const logs: string[] = [];
  const deps: MagicLinkDeps = {
    admin,
    db,
    mailer,
    rateLimiter,
    allowList: createRedirectAllowList(SITE, ALLOW),
    log: (message) => logs.push(message),
    ...overrides,
  };
  return {
    admin,
    db,
    mailer,
    rateLimiter,
    logs,
    deps,
    call: (request: Request) => handleRequestMagicLink(request, deps),
  };
}

// The gateway appends the address that connected to it: here the caller's, 203.0.113.7.
const request = (body: unknown, headers: Record<string, string> = {}) =>
  post(URL_, body, { 'X-Forwarded-For': '203.0.113.7', ...headers });

Deno.test('sends a branded link to the redirect origin with the temporary id and token hash', async () => {
  const { call, mailer, db, admin } = setup();
  const response = await call(
    request({ email: '  Ola.Nordmann@Example.COM ', redirectTo: 'http://localhost:5173/leads?tab=kjøpt' }),
  );
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: true });
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(admin.calls, ['create ola.nordmann@example.com', 'link ola.nordmann@example.com']);
  assert.equal(db.requests.length, 1);
  assert.equal(db.requests[0]!.email, 'ola.nordmann@example.com');
  assert.equal(db.requests[0]!.redirectTo, 'http://localhost:5173/leads?tab=kj%C3%B8pt');
  assert.equal(mailer.sent.length, 1);
  const mail = mailer.sent[0]!;
  assert.equal(mail.to, 'ola.nordmann@example.com');
  const link = `http://localhost:5173/auth/${db.requests[0]!.id}?token_hash=hash-24`;
  assert.ok(mail.text.includes(link), mail.text);
  assert.ok(mail.html.includes(`href="${link}"`));
  assert.ok(mail.html.includes('lang="nb"'));
  // localhost is also a marketplace host in the fake: its name brands the mail.
  assert.equal(mail.subject, 'Logg inn på Leadtorget marked');
});

Deno.test('the site URL without a path and the allow-list globs are accepted', async () => {
  for (const redirectTo of [
    'http://localhost:5173',
    'http://fyllopp.localhost:5173/konkurranse/1',
    'https://app.leadtorget.no/leads',
    'https://pr-12.preview.leadtorget.no/x',
  ]) {
    const { call, mailer } = setup();
    const response = await call(request({ email: 'ola@example.com', redirectTo }));
    assert.equal(response.status, 200, redirectTo);
    assert.equal(mailer.sent.length, 1);
    assert.ok(mailer.sent[0]!.text.includes(new URL(redirectTo).origin + '/auth/'), redirectTo);
  }
});

Deno.test('a marketplace host from marketplaces_urls is accepted and names the marketplace', async () => {
  const { call, mailer, db } = setup();
  const response = await call(
    request({ email: 'ola@example.com', redirectTo: 'https://handverk.no/bli-partner' }),
  );
  assert.equal(response.status, 200);
  assert.equal(db.requests[0]!.redirectTo, 'https://handverk.no/bli-partner');
  const mail = mailer.sent[0]!;
  assert.equal(mail.subject, 'Logg inn på Håndverkertorget');
  const sender = 'Sendt av Håndverkertorget, en markedsplass for leads som drives på Leadtorget.';
  assert.ok(mail.html.includes(sender));
  assert.ok(mail.text.includes(sender));
  assert.ok(mail.text.startsWith('Logg inn på Håndverkertorget'));
  assert.ok(mail.text.includes('https://handverk.no/auth/'));
  // The marketplace's own colour heads the e-mail.
  assert.ok(mail.html.includes('background-color: #0f766e'));

  const local = setup();
  const localResponse = await local.call(
    request({ email: 'ola@example.com', redirectTo: 'http://partner.localhost:5173/' }),
  );
  assert.equal(localResponse.status, 200);
  assert.equal(local.mailer.sent[0]!.subject, 'Logg inn på Partnertorget');
});

Deno.test('without a marketplace the e-mail is Leadtorget-branded', async () => {
  const { call, mailer, db } = setup();
  db.marketplaces.clear();
  await call(request({ email: 'ola@example.com', redirectTo: 'https://app.leadtorget.no/' }));
  const mail = mailer.sent[0]!;
  assert.equal(mail.subject, 'Logg inn på Leadtorget');
  assert.ok(mail.text.includes('Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.'));
  assert.ok(!mail.html.includes('bruker Leadtorget'));
});

Deno.test('the marketplace called Leadtorget is Leadtorget: never «Leadtorget bruker Leadtorget»', () => {
  const mail = magicLinkEmail({
    email: 'ola@example.com',
    link: 'https://x/auth/1',
    marketplaceName: 'Leadtorget',
  });
  for (const body of [mail.html, mail.text]) {
    assert.ok(!body.includes('bruker Leadtorget'));
    assert.ok(body.includes('Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.'));
  }
});

Deno.test('invalid-redirect for everything not on the allow-list or a marketplace host', async () => {
  const refused = [
    'javascript:alert(1)',
    'JavaScript://localhost:5173/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/leads',
    '/leads',
    'leads',
    '',
    'https://evil.example/',
    'http://localhost:5174/leads',
    'http://localhost:5173.evil.example/',
    'http://localhost:5173@evil.example/',
    'http://user:pass@localhost:5173/',
    'http://evil.example\\@localhost:5173/',
    'http://localhost:5173\\.evil.example/',
    'http://evil.example#@localhost:5173/',
    'https://evil.preview.leadtorget.no.evil.example/',
    'https://a.b.preview.leadtorget.no/',
    'http://handverk.no/',
    'https://handverk.no:8443/',
    'http://unknown.localhost:5173/',
    'ftp://localhost:5173/',
    ' http://localhost:5173/ leads',
    `http://localhost:5173/${'a'.repeat(2100)}`,
  ];
  for (const redirectTo of refused) {
    const { call, mailer, rateLimiter, db } = setup();
    db.marketplaces.delete('localhost'); // else any port of localhost is a marketplace link (below)
    const response = await call(request({ email: 'ola@example.com', redirectTo }));
    assert.equal(response.status, 400, redirectTo);
    assert.equal(await errorCode(response), 'invalid-redirect', redirectTo);
    assert.equal(mailer.sent.length, 0);
    assert.equal(rateLimiter.keys.length, 0, 'a refused request takes no rate-limit slot');
  }
  for (const redirectTo of [undefined, null, 42, { href: SITE }]) {
    const response = await setup().call(request({ email: 'ola@example.com', redirectTo }));
    assert.equal(await errorCode(response), 'invalid-redirect', String(redirectTo));
  }
});

Deno.test('localhost as a marketplace host may carry any port (dev servers), other hosts none', async () => {
  const { call } = setup();
  const response = await call(
    request({ email: 'ola@example.com', redirectTo: 'http://localhost:5174/leads' }),
  );
  assert.equal(response.status, 200);
});

Deno.test('invalid-email for missing, malformed or too long addresses', async () => {
  for (const email of [
    undefined,
    null,
    '',
    '   ',
    'ola',
    'ola@',
    '@example.com',
    42,
    `${'a'.repeat(250)}@example.com`,
    // GoTrue's rule (_shared/validation.ts): no empty labels, no hyphen at a label's edge, labels of
    // at most 63, ASCII atom characters only.
    'x@y..no',
    'x@-evil-.no',
    'x@evil-.no',
    'x@.no',
    'x@no.',
    '"><script>alert(1)</script>@x.no',
    '<x@y.no>',
    'ola nordmann@x.no',
    'æøå@x.no',
    'x@bæ.no',
    `x@${'a'.repeat(64)}.no`,
    `${'a'.repeat(249)}@abc.no`,
  ]) {
    const response = await setup().call(request({ email, redirectTo: SITE }));
    assert.equal(response.status, 400, String(email));
    assert.equal(await errorCode(response), 'invalid-email', String(email));
  }
});

Deno.test("GoTrue's rule accepts what GoTrue accepts, up to 255 characters, lower-cased", async () => {
  for (const [email, stored] of [
    ['Ola@Example', 'ola@example'],
    ["O'Brien+tag@fjord-bygg.no", "o'brien+tag@fjord-bygg.no"],
    ['a.b!#$%&*/=?^_`{|}~-@x.no', 'a.b!#$%&*/=?^_`{|}~-@x.no'],
    [`x@${'a'.repeat(63)}.no`, `x@${'a'.repeat(63)}.no`],
    [`${'a'.repeat(248)}@abc.no`, `${'a'.repeat(248)}@abc.no`],
  ]) {
    const { call, db } = setup();
    const response = await call(request({ email, redirectTo: SITE }));
    assert.equal(response.status, 200, email);
    assert.equal(db.requests[0]!.email, stored);
  }
});

Deno.test(
  'a NUL byte or a lone surrogate anywhere in the body is 400 invalid-input, nothing done',
  async () => {
    for (const body of [
      { email: 'x\u0000@y.no', redirectTo: SITE },
      { email: 'ola@example.com', redirectTo: `${SITE}/\u0000` },
      { email: 'ola@example.com', redirectTo: SITE, extra: ['\u0000'] },
      { email: 'ola@example.com', redirectTo: SITE, ['\u0000']: 1 },
      { email: 'ola@example.com\ud800', redirectTo: SITE },
    ]) {
      const { call, rateLimiter, admin, db } = setup();
      const response = await call(request(body));
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(await errorCode(response), 'invalid-input', JSON.stringify(body));
      assert.deepEqual([rateLimiter.keys, admin.calls, db.requests], [[], [], []]);
    }
  },
);

Deno.test('invalid-input for bad JSON and non-objects', async () => {
  for (const body of ['{not json', '', '[1,2]', 'null', '"text"', '42']) {
    const response = await setup().call(post(URL_, body));
    assert.equal(response.status, 400, body);
    assert.equal(await errorCode(response), 'invalid-input', body);
  }
});

Deno.test('OPTIONS answers the CORS preflight; other methods 405', async () => {
  const { call } = setup();
  const preflight = await call(new Request(URL_, { method: 'OPTIONS' }));
  assert.equal(preflight.status, 200);
  assert.equal(await preflight.text(), 'ok');
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(
    preflight.headers.get('access-control-allow-headers') ?? '',
    /authorization.*apikey.*content-type/,
  );
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    const response = await call(new Request(URL_, { method }));
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
    assert.equal(await errorCode(response), 'method-not-allowed');
  }
});

Deno.test('rate-limited per e-mail: the 4th link in 10 minutes is refused with Retry-After', async () => {
  const { call, mailer } = setup();
  for (let i = 0; i < 3; i++) {
    const ok = await call(
      request({ email: 'ola@example.com', redirectTo: SITE }, { 'X-Forwarded-For': `198.51.100.${i}` }),
    );
    assert.equal(ok.status, 200);
  }
  const refused = await call(
    request({ email: 'OLA@example.com', redirectTo: SITE }, { 'X-Forwarded-For': '198.51.100.9' }),
  );
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('retry-after'), '600');
  assert.equal(await errorCode(refused), 'rate-limited');
  assert.equal(mailer.sent.length, 3);
  // Another address from the same place is still served.
  const other = await call(
    request({ email: 'kari@example.com', redirectTo: SITE }, { 'X-Forwarded-For': '198.51.100.9' }),
  );
  assert.equal(other.status, 200);
});

Deno.test(
  'rate-limited per IP (rightmost X-Forwarded-For entry): the 21st request in an hour is refused',
  async () => {
    const { call, mailer, rateLimiter } = setup();
    for (let i = 0; i < 20; i++) {
      const ok = await call(request({ email: `person${i}@example.com`, redirectTo: SITE }));
      assert.equal(ok.status, 200);
    }
    const refused = await call(request({ email: 'ny@example.com', redirectTo: SITE }));
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '3600');
    assert.equal(mailer.sent.length, 20);
    assert.ok(rateLimiter.keys.includes('request-magic-link:ip:203.0.113.7'));
    assert.ok(
      !rateLimiter.keys.includes('request-magic-link:email:ny@example.com'),
      'the e-mail slot was not taken',
    );
    const elsewhere = await call(
      request({ email: 'ny@example.com', redirectTo: SITE }, { 'X-Forwarded-For': '192.0.2.1' }),
    );
    assert.equal(elsewhere.status, 200);
  },
);

Deno.test('rotating the X-Forwarded-For the caller sends does not escape the per-IP limit', async () => {
  const { call, rateLimiter } = setup();
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    // The caller invents a new address each time; the gateway appends the real one (203.0.113.7).
    const forged = i % 2 === 0 ? `198.51.100.${i}` : `10.0.${i}.1, 198.51.100.${i}`;
    const response = await call(
      request(
        { email: `rotating${i}@example.com`, redirectTo: SITE },
        { 'X-Forwarded-For': `${forged}, 203.0.113.7` },
      ),
    );
    statuses.push(response.status);
  }
  assert.deepEqual(statuses, [...Array<number>(20).fill(200), 429]);
  const ipKeys = new Set(rateLimiter.keys.filter((key) => key.startsWith('request-magic-link:ip:')));
  assert.deepEqual([...ipKeys], ['request-magic-link:ip:203.0.113.7'], 'one bucket for one peer');
});

Deno.test(
  'behind trusted proxies (TRUSTED_PROXIES) the client is the first untrusted hop from the right',
  async () => {
    const { call, rateLimiter } = setup({ trustedProxies: parseTrustedProxies('10.0.0.0/8,192.0.2.7') });
    // forged → client 203.0.113.9 → CDN 192.0.2.7 → balancer 10.4.0.2 → gateway (appends the balancer).
    const response = await call(
      request(
        { email: 'ola@example.com', redirectTo: SITE },
        { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 192.0.2.7, 10.4.0.2' },
      ),
    );
    assert.equal(response.status, 200);
    assert.ok(rateLimiter.keys.includes('request-magic-link:ip:203.0.113.9'), rateLimiter.keys.join());
  },
);

Deno.test('unknown and known e-mails get identical answers and take the same steps', async () => {
  const { call, admin } = setup();
  const known = await call(request({ email: 'kjent@example.com', redirectTo: SITE }));
  const unknown = await call(request({ email: 'ukjent@example.com', redirectTo: SITE }));
  assert.equal(known.status, unknown.status);
  assert.deepEqual([...known.headers.entries()], [...unknown.headers.entries()]);
  assert.equal(await known.text(), await unknown.text());
  assert.deepEqual(admin.calls, [
    'create kjent@example.com',
    'link kjent@example.com',
    'create ukjent@example.com',
    'link ukjent@example.com',
  ]);
  assert.ok(admin.users.has('ukjent@example.com'), 'the unknown address got an (unconfirmed) account');
});

Deno.test('a mailer failure is 500 unknown, and logged', async () => {
  const { call, mailer, logs } = setup();
  mailer.fail = true;
  const response = await call(request({ email: 'ola@example.com', redirectTo: SITE }));
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.deepEqual(logs, ['request-magic-link failed']);
});

Deno.test('an auth failure is 500 unknown', async () => {
  const { call, admin, mailer } = setup();
  admin.fail = true;
  const response = await call(request({ email: 'ola@example.com', redirectTo: SITE }));
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.equal(mailer.sent.length, 0);
});

Deno.test('the HTML escapes what it shows', async () => {
  const { call, mailer, db } = setup();
  db.marketplaces.set('handverk.no', '<b>Torg</b> & co');
  await call(request({ email: 'ola@example.com', redirectTo: 'https://handverk.no/' }));
  const html = mailer.sent[0]!.html;
  assert.ok(html.includes('&lt;b&gt;Torg&lt;/b&gt; &amp; co'));
  assert.ok(!html.includes('<b>Torg</b>'));
});

Deno.test('GoTrue globs: * stops at . and /, ** does not, {a,b} and ? work', () => {
  assert.ok(globToRegExp('https://*.example.com/**').test('https://a.example.com/x/y?z=1'));
  assert.ok(!globToRegExp('https://*.example.com/**').test('https://a.b.example.com/'));
  assert.ok(globToRegExp('http://localhost:{3000,5173}/**').test('http://localhost:3000/'));
  assert.ok(!globToRegExp('http://localhost:{3000,5173}/**').test('http://localhost:4000/'));
  assert.ok(globToRegExp('http://app?.test/').test('http://app1.test/'));
  assert.ok(!globToRegExp('http://app?.test/').test('http://app/.test/'));
  assert.ok(globToRegExp('http://[ab]pp.test/').test('http://bpp.test/'));
  assert.deepEqual(splitAllowList(' a/**, http://x:{1,2}/ ,,'), ['a/**', 'http://x:{1,2}/']);
});

import assert from 'node:assert/strict';
import { NO_TRUSTED_PROXIES } from '../_shared/client-ip.ts';
import { errorCode, FakeRateLimiter } from '../_shared/testing.ts';
import { oneClickUnsubscribeUrl } from '../_shared/unsubscribe.ts';
import { handleUnsubscribe, type UnsubscribeDeps } from './handler.ts';

const CALENDAR = 'ca000000-0000-4000-8000-000000000001';
const TOKEN = 'a'.repeat(64);
const URL_ = oneClickUnsubscribeUrl('http://api.test/functions/v1', 'calendar', CALENDAR, TOKEN);

function setup() {
  const unsubscribed: [token: string, campaign: string][] = [];
  const rateLimiter = new FakeRateLimiter();
  const logged: string[] = [];
  const deps: UnsubscribeDeps = {
    unsubscribe(token, campaign) {
      if (token === 'f'.repeat(64)) return Promise.reject(new Error('db down'));
      unsubscribed.push([token, campaign]);
      return Promise.resolve(token === TOKEN);
    },
    rateLimiter,
    limit: { max: 2, windowSeconds: 60 },
    trustedProxies: NO_TRUSTED_PROXIES,
    siteUrl: 'http://localhost:5173/',
    log: (message) => logged.push(message),
  };
  return { deps, unsubscribed, rateLimiter, logged };
}

/** What a mail client sends for RFC 8058: a form POST, no session, no cookies. */
const oneClick = (url = URL_) =>
  new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

Deno.test(
  'POST (one click, no session) unsubscribes the token from its campaign and answers 200',
  async () => {
    const { deps, unsubscribed } = setup();
    const response = await handleUnsubscribe(oneClick(), deps);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { unsubscribed: true });
    assert.deepEqual(unsubscribed, [[TOKEN, CALENDAR]]);
  },
);

Deno.test('GET and HEAD change nothing: 303 to the page that asks', async () => {
  const { deps, unsubscribed, rateLimiter } = setup();
  for (const method of ['GET', 'HEAD']) {
    const response = await handleUnsubscribe(new Request(URL_, { method }), deps);
    assert.equal(response.status, 303, method);
    assert.equal(
      response.headers.get('location'),
      `http://localhost:5173/calendar/participation?id=${CALENDAR}&token=${TOKEN}&unsubscribe=1`,
    );
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  }
  assert.deepEqual(unsubscribed, []);
  assert.deepEqual(rateLimiter.keys, []);
});

Deno.test('a malformed query is 400 invalid-input; other methods 405; OPTIONS its preflight', async () => {
  const { deps, unsubscribed } = setup();
  const url = new URL(URL_);
  for (const [name, value] of [
    ['kind', 'quiz'],
    ['id', 'not-a-uuid'],
    ['token', 'short'],
    ['token', `${TOKEN}'--`],
  ] as const) {
    const bad = new URL(url);
    bad.searchParams.set(name, value);
    const response = await handleUnsubscribe(oneClick(bad.toString()), deps);
    assert.equal(response.status, 400, `${name}=${value}`);
    assert.equal(await errorCode(response), 'invalid-input');
  }
  const none = await handleUnsubscribe(oneClick('http://api.test/functions/v1/unsubscribe'), deps);
  assert.equal(none.status, 400);
  const put = await handleUnsubscribe(new Request(URL_, { method: 'PUT' }), deps);
  assert.equal(put.status, 405);
  assert.equal(put.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
  const options = await handleUnsubscribe(new Request(URL_, { method: 'OPTIONS' }), deps);
  assert.equal(options.status, 200);
  assert.deepEqual(unsubscribed, []);
});

Deno.test('an unknown token is 404 not-found; a database failure 500 unknown, logged', async () => {
  const { deps, logged } = setup();
  const unknown = await handleUnsubscribe(oneClick(URL_.replace(TOKEN, 'b'.repeat(64))), deps);
  assert.equal(unknown.status, 404);
  assert.equal(await errorCode(unknown), 'not-found');
  const failing = await handleUnsubscribe(oneClick(URL_.replace(TOKEN, 'f'.repeat(64))), deps);
  assert.equal(failing.status, 500);
  assert.equal(await errorCode(failing), 'unknown');
  assert.deepEqual(logged, ['unsubscribe: unexpected failure']);
});

Deno.test('POSTs are limited per client address: 429 rate-limited with Retry-After', async () => {
  const { deps, unsubscribed, rateLimiter } = setup();
  const from = (ip: string) => {
    const request = oneClick();
    request.headers.set('x-forwarded-for', ip);
    return request;
  };
  assert.equal((await handleUnsubscribe(from('203.0.113.7'), deps)).status, 200);
  assert.equal((await handleUnsubscribe(from('203.0.113.7'), deps)).status, 200);
  const third = await handleUnsubscribe(from('203.0.113.7'), deps);
  assert.equal(third.status, 429);
  assert.equal(await errorCode(third), 'rate-limited');
  assert.equal(third.headers.get('retry-after'), '60');
  assert.equal((await handleUnsubscribe(from('198.51.100.1'), deps)).status, 200);
  assert.equal(unsubscribed.length, 3);
  assert.deepEqual(
    new Set(rateLimiter.keys),
    new Set(['unsubscribe:ip:203.0.113.7', 'unsubscribe:ip:198.51.100.1']),
  );
});

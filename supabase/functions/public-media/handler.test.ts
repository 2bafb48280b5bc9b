import assert from 'node:assert/strict';
import { errorCode, FakeRateLimiter, post } from '../_shared/testing.ts';
import {
  DEFAULT_LIMIT,
  handlePublicMedia,
  type PublicBucket,
  PUBLIC_MEDIA_LINK_SECONDS,
  type PublicMediaDb,
} from './handler.ts';

const URL_ = 'http://functions.test/public-media';
const SHOWN = 'a/b/web.webp';
const HIDDEN = 'a/b/original.png';
const UPLOAD = 'a/c/u1.jpg';

class FakeDb implements PublicMediaDb {
  shown = new Set([SHOWN, 'a/b/thumb.webp']);
  shownUploads = new Set([UPLOAD]);
  signed: { paths: string[]; seconds: number }[] = [];
  publicPaths(paths: string[], bucket: PublicBucket) {
    const shown = bucket === 'campaign-uploads' ? this.shownUploads : this.shown;
    return Promise.resolve(new Set(paths.filter((path) => shown.has(path))));
  }
  sign(paths: string[], seconds: number, bucket: PublicBucket) {
    this.signed.push({ paths, seconds });
    return Promise.resolve(new Map(paths.map((path) => [path, `/object/sign/${bucket}/${path}?token=t`])));
  }
}

function setup() {
  const db = new FakeDb();
  const rateLimiter = new FakeRateLimiter();
  const call = (body: unknown, headers: Record<string, string> = {}) =>
    handlePublicMedia(post(URL_, body, headers), { db, rateLimiter });
  return { db, rateLimiter, call };
}

Deno.test('links for what a published page shows, null for the rest, in the order asked', async () => {
  const { db, call } = setup();
  const response = await call({ paths: [HIDDEN, SHOWN] });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), {
    links: [
      { path: HIDDEN, url: null },
      { path: SHOWN, url: `/object/sign/organizations-media/${SHOWN}?token=t` },
    ],
  });
  assert.deepEqual(db.signed, [{ paths: [SHOWN], seconds: PUBLIC_MEDIA_LINK_SECONDS }]);
});

Deno.test('the lifetime is the server’s: whatever the caller sends, 15 minutes', async () => {
  const { db, call } = setup();
  assert.equal((await call({ paths: [SHOWN], expiresIn: 315_360_000 })).status, 200);
  assert.deepEqual(db.signed, [{ paths: [SHOWN], seconds: 900 }]);
});

Deno.test('nothing shown: nothing signed', async () => {
  const { db, call } = setup();
  const response = await call({ paths: [HIDDEN] });
  assert.deepEqual(await response.json(), { links: [{ path: HIDDEN, url: null }] });
  assert.deepEqual(db.signed, []);
});

Deno.test('bad input is 400 invalid-input; other methods 405; preflight answered', async () => {
  const { call } = setup();
  for (const body of [
    {},
    { paths: [] },
    { paths: [''] },
    { paths: [SHOWN, SHOWN] },
    { paths: 'a' },
    '[1]',
    'x',
  ]) {
    const response = await call(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal(await errorCode(response), 'invalid-input');
  }
  assert.equal((await call({ paths: Array.from({ length: 13 }, (_, i) => `a/b/${i}.webp`) })).status, 400);
  assert.equal((await call({ paths: ['x'.repeat(301)] })).status, 400);
  const { db, rateLimiter } = setup();
  assert.equal((await handlePublicMedia(new Request(URL_), { db, rateLimiter })).status, 405);
  assert.equal(
    (await handlePublicMedia(new Request(URL_, { method: 'OPTIONS' }), { db, rateLimiter })).status,
    200,
  );
});

Deno.test("the public's uploads are signed from their own bucket, by their own rule", async () => {
  const { call } = setup();
  const response = await call({ paths: [UPLOAD, SHOWN], bucket: 'campaign-uploads' });
  assert.deepEqual(await response.json(), {
    links: [
      { path: UPLOAD, url: `/object/sign/campaign-uploads/${UPLOAD}?token=t` },
      { path: SHOWN, url: null },
    ],
  });
  assert.equal((await call({ paths: [UPLOAD], bucket: 'avatars' })).status, 400);
});

Deno.test('rate-limited per client address, the gateway’s entry of X-Forwarded-For', async () => {
  const { rateLimiter, call } = setup();
  for (let i = 0; i < DEFAULT_LIMIT.max; i++) {
    assert.equal(
      (await call({ paths: [SHOWN] }, { 'X-Forwarded-For': `10.0.0.${i % 250}, 203.0.113.5` })).status,
      200,
    );
  }
  const refused = await call({ paths: [SHOWN] }, { 'X-Forwarded-For': '198.51.100.1, 203.0.113.5' });
  assert.equal(refused.status, 429);
  assert.equal(await errorCode(refused), 'rate-limited');
  assert.ok(Number(refused.headers.get('Retry-After')) >= 1);
  assert.equal((await call({ paths: [SHOWN] }, { 'X-Forwarded-For': '203.0.113.6' })).status, 200);
  assert.deepEqual(
    new Set(rateLimiter.keys),
    new Set(['public-media:ip:203.0.113.5', 'public-media:ip:203.0.113.6']),
  );
});

Deno.test('a failure is 500 unknown, logged', async () => {
  const { db, rateLimiter } = setup();
  db.publicPaths = () => Promise.reject(new Error('database down'));
  const logged: string[] = [];
  const response = await handlePublicMedia(post(URL_, { paths: [SHOWN] }), {
    db,
    rateLimiter,
    log: (message) => logged.push(message),
  });
  assert.equal(response.status, 500);
  assert.equal(await errorCode(response), 'unknown');
  assert.deepEqual(logged, ['public-media: unexpected failure']);
});

/**
 * campaign-upload with the database and storage faked: a photo is stored without its EXIF under the
 * path the database chose, with the sniffed type and the token passed on; the refusals (400, 404, 413,
 * 415, 429 by address and the database's quota, 405), and a failed store forgets the row.
 */
import assert from 'node:assert/strict';
import { JPEG_WITH_GPS } from '../_shared/test-images.ts';
import { errorCode, FakeRateLimiter } from '../_shared/testing.ts';
import {
  type CampaignUploadDb,
  DEFAULT_LIMIT,
  handleCampaignUpload,
  MAX_UPLOAD_BYTES,
  type UploadMime,
} from './handler.ts';

const CAMPAIGN = 'cb000000-0000-4000-8000-0000000000c1';
const PATH = `org/${CAMPAIGN}/u1.jpg`;

class FakeDb implements CampaignUploadDb {
  begun: Parameters<CampaignUploadDb['begin']>[0][] = [];
  stored: { path: string; body: Uint8Array; mime: UploadMime }[] = [];
  forgotten: string[] = [];
  refusal: string | null = null;
  storeFails = false;
  begin(input: Parameters<CampaignUploadDb['begin']>[0]) {
    this.begun.push(input);
    if (this.refusal) return Promise.reject(new Error(this.refusal));
    return Promise.resolve({ uploadId: 'u1', objectPath: PATH });
  }
  store(path: string, body: Uint8Array, mime: UploadMime) {
    if (this.storeFails) return Promise.reject(new Error('storage down'));
    this.stored.push({ path, body, mime });
    return Promise.resolve();
  }
  forget(uploadId: string) {
    this.forgotten.push(uploadId);
    return Promise.resolve();
  }
}

function setup() {
  const db = new FakeDb();
  const rateLimiter = new FakeRateLimiter();
  const call = (
    body: BodyInit | null,
    { query = `?campaign=${CAMPAIGN}&purpose=competition-progress`, token = 'tok', method = 'POST' } = {},
  ) =>
    handleCampaignUpload(
      new Request(`http://functions.test/campaign-upload${query}`, {
        method,
        body,
        headers: token ? { 'x-participation-token': token } : {},
      }),
      { db, rateLimiter },
    );
  return { db, rateLimiter, call };
}

Deno.test('a photo is stored without its EXIF, where the database said, with its sniffed type', async () => {
  const { db, call } = setup();
  const response = await call(JPEG_WITH_GPS as BodyInit);
  assert.equal(response.status, 201);
  assert.deepEqual(await response.json(), { upload_id: 'u1' });
  assert.deepEqual(db.begun, [
    {
      campaignId: CAMPAIGN,
      purpose: 'competition-progress',
      token: 'tok',
      mime: 'image/jpeg',
      bytes: db.stored[0]?.body.length,
    },
  ]);
  assert.equal(db.stored[0]?.path, PATH);
  assert.equal(db.stored[0]?.mime, 'image/jpeg');
  assert.ok(!new TextDecoder('latin1').decode(db.stored[0]?.body).includes('GPS'));
  assert.ok(db.stored[0]!.body.length < JPEG_WITH_GPS.length);
});

Deno.test('a PDF is a form answer, never a progress photo', async () => {
  const { db, call } = setup();
  const pdf = new TextEncoder().encode('%PDF-1.7\n...');
  const asPhoto = await call(pdf);
  assert.equal(asPhoto.status, 415);
  assert.equal(await errorCode(asPhoto), 'campaign-upload-type');
  const asAnswer = await call(pdf, { query: `?campaign=${CAMPAIGN}&purpose=form-answer`, token: '' });
  assert.equal(asAnswer.status, 201);
  assert.equal(db.begun.at(-1)?.mime, 'application/pdf');
  assert.equal(db.begun.at(-1)?.token, null);
});

Deno.test('a file that is no picture is refused by its bytes, whatever it claims', async () => {
  const { db, call } = setup();
  const response = await call(new Blob(['<svg/>'], { type: 'image/jpeg' }));
  assert.equal(response.status, 415);
  assert.equal(db.begun.length, 0);
});

Deno.test('over 5 MiB is refused before anything is asked', async () => {
  const { db, call } = setup();
  const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
  big.set(JPEG_WITH_GPS);
  const response = await call(big);
  assert.equal(response.status, 413);
  assert.equal(await errorCode(response), 'campaign-upload-too-large');
  assert.equal(db.begun.length, 0);
});

Deno.test('a bad campaign id, purpose or an empty body is 400; GET is 405', async () => {
  const { call } = setup();
  assert.equal(
    (await call(JPEG_WITH_GPS, { query: '?campaign=x&purpose=competition-progress' })).status,
    400,
  );
  assert.equal((await call(JPEG_WITH_GPS, { query: `?campaign=${CAMPAIGN}&purpose=avatar` })).status, 400);
  assert.equal((await call(new Uint8Array(0))).status, 400);
  assert.equal((await call(null, { method: 'GET' })).status, 405);
});

Deno.test("the database's refusals keep their code and status", async () => {
  const { db, call } = setup();
  for (const [code, status] of [
    ['participant-not-found', 404],
    ['competition-no-team', 403],
    ['campaign-upload-quota', 429],
  ] as const) {
    db.refusal = code;
    const response = await call(JPEG_WITH_GPS);
    assert.equal(response.status, status);
    assert.equal(await errorCode(response), code);
  }
  assert.equal(db.stored.length, 0);
});

Deno.test('a file that cannot be stored forgets its row and answers 500', async () => {
  const { db, call } = setup();
  db.storeFails = true;
  const response = await call(JPEG_WITH_GPS);
  assert.equal(response.status, 500);
  assert.deepEqual(db.forgotten, ['u1']);
});

Deno.test('one address is limited', async () => {
  const { rateLimiter, call } = setup();
  for (let sent = 0; sent < DEFAULT_LIMIT.max; sent++) await call(JPEG_WITH_GPS);
  const response = await call(JPEG_WITH_GPS);
  assert.equal(response.status, 429);
  assert.ok(response.headers.get('Retry-After'));
  assert.ok(rateLimiter.keys[0]?.startsWith('campaign-upload:ip:'));
});

Deno.test('the preflight allows the token header', async () => {
  const { call } = setup();
  const response = await call(null, { method: 'OPTIONS' });
  assert.match(response.headers.get('Access-Control-Allow-Headers') ?? '', /x-participation-token/);
});

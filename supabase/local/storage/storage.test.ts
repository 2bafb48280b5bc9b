/**
 * Storage on /storage/v1 with the real supabase-js `storage` client against the embedded platform,
 * the project's migrations and seed: the `organizations-media` bucket's policies decide who may
 * read, upload and delete, as on the hosted platform.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { prepareDatabase } from '../db/prepare.ts';
import { ANON_KEY, LOCAL_JWT_SECRET, signHs256 } from '../keys.ts';
import { startPlatform } from '../platform.ts';
import { adminClient, anonClient } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { createStorageHandler } from './index.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FJORDROR = 'b0000000-0000-4000-8000-000000000001';
const NORDLYS = 'b0000000-0000-4000-8000-000000000002';
const BUCKET = 'organizations-media';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let platform: TestPlatform;
let rootDir: string;
let ola: SupabaseClient; // owner of Fjord Rør
let per: SupabaseClient; // member of Fjord Rør
let lars: SupabaseClient; // member of Nordlys Elektro
let anon: SupabaseClient;
let admin: SupabaseClient;

async function signIn(email: string): Promise<SupabaseClient> {
  const client = anonClient(platform);
  const { error } = await client.auth.signInWithPassword({ email, password: 'Demo-passord-1!' });
  if (error) throw error;
  return client;
}

/** A raw request, for paths fetch would normalise (`..`) and headers supabase-js never sends. */
function rawRequest(
  method: string,
  rawPath: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(platform.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: rawPath,
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  platform = await startTestPlatform({ migrated: true });
  await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
  rootDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  platform.services['/storage/v1'] = createStorageHandler({
    db: platform.db,
    config: platform.config,
    rootDir,
  });
  [ola, per, lars] = await Promise.all([
    signIn('ola@fjordror.no'),
    signIn('per@fjordror.no'),
    signIn('lars@nordlyselektro.no'),
  ]);
  anon = anonClient(platform);
  admin = adminClient(platform);
});

afterAll(async () => {
  await platform.stop();
  await rm(rootDir, { recursive: true, force: true });
});

describe('organizations-media through its policies', () => {
  /** An item folder's original: members write files only as uploads into `<org>/<item>/`. */
  const itemFolder = (organization: string, item: number) =>
    `${organization}/c0000000-0000-4000-8000-${String(item).padStart(12, '0')}`;
  const itemFile = (organization: string, item: number) => `${itemFolder(organization, item)}/original.png`;
  const logo = itemFile(FJORDROR, 1);
  const onDisk = () => path.join(rootDir, BUCKET, logo);

  it('lets a member upload, download, list and re-upload with upsert', async () => {
    const uploaded = await per.storage.from(BUCKET).upload(logo, PNG, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: logo, fullPath: `${BUCKET}/${logo}` });
    expect(uploaded.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(onDisk())).toEqual(PNG);

    const { rows } = await platform.db.query<{ owner: string; mimetype: string }>(
      `select owner::text, metadata->>'mimetype' as mimetype from storage.objects where bucket_id = $1 and name = $2`,
      [BUCKET, logo],
    );
    expect(rows).toEqual([{ owner: 'a0000000-0000-4000-8000-000000000013', mimetype: 'image/png' }]);

    const downloaded = await per.storage.from(BUCKET).download(logo);
    expect(downloaded.error).toBeNull();
    expect(downloaded.data?.type).toBe('image/png');
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(PNG);

    const listed = await ola.storage.from(BUCKET).list(itemFolder(FJORDROR, 1));
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => entry.name)).toEqual(['original.png']);
    expect(listed.data?.[0]?.metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png' });

    const again = await per.storage.from(BUCKET).upload(logo, PNG, { contentType: 'image/png' });
    expect(again.error).toMatchObject({
      status: 409,
      statusCode: '409',
      message: 'The resource already exists',
    });

    const replacement = Buffer.concat([PNG, Buffer.from('v2')]);
    const upserted = await per.storage
      .from(BUCKET)
      .upload(logo, new Blob([replacement], { type: 'image/png' }), { upsert: true, cacheControl: '60' });
    expect(upserted.error).toBeNull();
    const fresh = await ola.storage.from(BUCKET).download(logo);
    expect(Buffer.from(await fresh.data!.arrayBuffer())).toEqual(replacement);

    const info = await ola.storage.from(BUCKET).info(logo);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: logo,
      size: replacement.length,
      contentType: 'image/png',
      cacheControl: 'max-age=60',
    });
    expect((await ola.storage.from(BUCKET).exists(logo)).data).toBe(true);

    const updated = await per.storage.from(BUCKET).update(logo, PNG, { contentType: 'image/png' });
    expect(updated.error).toBeNull();
    const missing = await per.storage
      .from(BUCKET)
      .update(`${itemFolder(FJORDROR, 1)}/web.png`, PNG, { contentType: 'image/png' });
    expect(missing.error).toMatchObject({ status: 404 });
  });

  it('lists folders as entries with id null', async () => {
    await ola.storage.from(BUCKET).upload(itemFile(FJORDROR, 2), PNG, { contentType: 'image/png' });
    await admin.storage.from(BUCKET).upload(`${FJORDROR}/readme.png`, PNG, { contentType: 'image/png' });
    const root = await ola.storage.from(BUCKET).list(FJORDROR, { sortBy: { column: 'name', order: 'asc' } });
    const [first, second] = [itemFolder(FJORDROR, 1), itemFolder(FJORDROR, 2)].map((folder) =>
      folder.slice(FJORDROR.length + 1),
    );
    expect(root.data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      [first, true],
      [second, true],
      ['readme.png', false],
    ]);
    const searched = await ola.storage.from(BUCKET).list(FJORDROR, { search: 'read' });
    expect(searched.data?.map((entry) => entry.name)).toEqual(['readme.png']);
    const limited = await ola.storage.from(BUCKET).list(FJORDROR, { limit: 1, offset: 1 });
    expect(limited.data?.map((entry) => entry.name)).toEqual([second]);
    // The other organization's member sees nothing there.
    expect((await lars.storage.from(BUCKET).list(FJORDROR)).data).toEqual([]);
  });

  it('creates signed URLs that download with plain fetch and no auth', async () => {
    const signed = await per.storage.from(BUCKET).createSignedUrl(logo, 60);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/sign/${BUCKET}/${logo}?token=`);
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    const many = await per.storage.from(BUCKET).createSignedUrls([logo, `${FJORDROR}/missing.png`], 60);
    expect(many.error).toBeNull();
    expect(many.data?.[0]).toMatchObject({ path: logo, error: null });
    expect(many.data?.[1]).toMatchObject({ signedUrl: null, path: `${FJORDROR}/missing.png` });
    expect(many.data?.[1]?.error).toContain('does not exist');

    const token = new URL(signed.data!.signedUrl).searchParams.get('token') ?? '';
    const other = await fetch(
      `${platform.url}/storage/v1/object/sign/${BUCKET}/${itemFile(FJORDROR, 2)}?token=${token}`,
    );
    expect(other.status).toBe(400);
    const forged = signHs256(
      { url: `${BUCKET}/${logo}`, exp: Math.floor(Date.now() / 1000) + 60 },
      'wrong-secret-wrong-secret-wrong-secret',
    );
    expect(
      (await fetch(`${platform.url}/storage/v1/object/sign/${BUCKET}/${logo}?token=${forged}`)).status,
    ).toBe(400);
    const expired = signHs256(
      { url: `${BUCKET}/${logo}`, exp: Math.floor(Date.now() / 1000) - 600 },
      LOCAL_JWT_SECRET,
    );
    const expiredResponse = await fetch(
      `${platform.url}/storage/v1/object/sign/${BUCKET}/${logo}?token=${expired}`,
    );
    expect(expiredResponse.status).toBe(400);
    expect(await expiredResponse.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' });

    const refused = await lars.storage.from(BUCKET).createSignedUrl(logo, 60);
    expect(refused.error).toMatchObject({ status: 404, statusCode: '404', message: 'Object not found' });
  });

  it('refuses a member of another organization and anon', async () => {
    const read = await lars.storage.from(BUCKET).download(logo);
    expect(read.error).toMatchObject({ status: 404, statusCode: '404', message: 'Object not found' });
    const write = await lars.storage
      .from(BUCKET)
      .upload(`${FJORDROR}/evil.png`, PNG, { contentType: 'image/png' });
    expect(write.error).toMatchObject({
      status: 403,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const overwrite = await lars.storage
      .from(BUCKET)
      .upload(logo, PNG, { contentType: 'image/png', upsert: true });
    expect(overwrite.error).toMatchObject({ status: 403 });
    expect(await readFile(onDisk())).toEqual(PNG);
    const removed = await lars.storage.from(BUCKET).remove([logo]);
    expect(removed).toMatchObject({ data: [], error: null });

    expect((await anon.storage.from(BUCKET).download(logo)).error).toMatchObject({ status: 404 });
    const anonUpload = await anon.storage
      .from(BUCKET)
      .upload(`${FJORDROR}/anon.png`, PNG, { contentType: 'image/png' });
    expect(anonUpload.error).toMatchObject({ status: 403 });
    // A private bucket has no public URL.
    const publicUrl = anon.storage.from(BUCKET).getPublicUrl(logo).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(404);
    // The own organization's folder works for Lars.
    const own = await lars.storage
      .from(BUCKET)
      .upload(itemFile(NORDLYS, 3), PNG, { contentType: 'image/png' });
    expect(own.error).toBeNull();
  });

  it('lets owners and admins delete, and a member only what they added', async () => {
    // Ola added the item: its row says so, so Per may not delete its files.
    await platform.db.query(
      `insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes, name, created_by)
       select $1, $2, 'image', $3, 'image/png', 12, 'Logo', id from auth.users where email = 'ola@fjordror.no'`,
      [logo.split('/')[1], FJORDROR, logo],
    );
    const byMember = await per.storage.from(BUCKET).remove([logo]);
    expect(byMember).toMatchObject({ data: [], error: null });
    expect((await per.storage.from(BUCKET).exists(logo)).data).toBe(true);
    const byOwner = await ola.storage.from(BUCKET).remove([logo]);
    expect(byOwner.error).toBeNull();
    expect(byOwner.data?.map((row) => row.name)).toEqual([logo]);
    await expect(stat(onDisk())).rejects.toThrow();
    expect((await ola.storage.from(BUCKET).download(logo)).error).toMatchObject({ status: 404 });
  });

  it('enforces the allowed mime types and the size limit', async () => {
    const text = await ola.storage
      .from(BUCKET)
      .upload(`${FJORDROR}/notes.txt`, 'hei', { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ status: 415, statusCode: '415' });
    await platform.db.query(`update storage.buckets set file_size_limit = 16 where id = $1`, [BUCKET]);
    try {
      const big = await ola.storage
        .from(BUCKET)
        .upload(itemFile(FJORDROR, 4), Buffer.alloc(1024), { contentType: 'image/png' });
      expect(big.error).toMatchObject({ status: 413, statusCode: '413' });
      const bigBlob = await ola.storage
        .from(BUCKET)
        .upload(itemFile(FJORDROR, 5), new Blob([Buffer.alloc(1024)], { type: 'image/png' }));
      expect(bigBlob.error).toMatchObject({ status: 413 });
    } finally {
      await platform.db.query(`update storage.buckets set file_size_limit = 52428800 where id = $1`, [
        BUCKET,
      ]);
    }
    const { rows } = await platform.db.query(`select 1 from storage.objects where name in ($1, $2)`, [
      itemFile(FJORDROR, 4),
      itemFile(FJORDROR, 5),
    ]);
    expect(rows).toEqual([]);
  });

  it('moves and copies within the policies', async () => {
    const [from, copy, moved] = [6, 7, 8].map((item) => itemFile(FJORDROR, item));
    await ola.storage.from(BUCKET).upload(from!, PNG, { contentType: 'image/png' });
    const copied = await ola.storage.from(BUCKET).copy(from!, copy!);
    expect(copied).toMatchObject({ data: { path: `${BUCKET}/${copy}` }, error: null });
    const move = await ola.storage.from(BUCKET).move(from!, moved!);
    expect(move).toMatchObject({ data: { message: 'Successfully moved' }, error: null });
    const downloaded = await ola.storage.from(BUCKET).download(moved!);
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(PNG);
    expect((await ola.storage.from(BUCKET).download(from!)).error).toMatchObject({ status: 404 });
    const stolen = await lars.storage.from(BUCKET).copy(copy!, itemFile(NORDLYS, 9));
    expect(stolen.error).toMatchObject({ status: 404 });
  });
});

describe('byte ranges, as storage-api answers them', () => {
  // An upload's own file before finish-upload writes its row: the one kind a member may write.
  const digits = `${FJORDROR}/${randomUUID()}/original.png`;
  const url = `/storage/v1/object/authenticated/${BUCKET}/${digits}`;
  let perToken = '';

  /** A download as Per (or `token`'s holder) with a `Range` header. */
  async function ranged(range: string, init: { token?: string; method?: string; path?: string } = {}) {
    return fetch(`${platform.url}${init.path ?? url}`, {
      method: init.method ?? 'GET',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${init.token ?? perToken}`, range },
    });
  }

  beforeAll(async () => {
    perToken = (await per.auth.getSession()).data.session?.access_token ?? '';
    const uploaded = await per.storage
      .from(BUCKET)
      .upload(digits, Buffer.from('0123456789'), { contentType: 'image/png', upsert: true });
    expect(uploaded.error).toBeNull();
  });

  it.each([
    ['bytes=2-5', '2345', 'bytes 2-5/10'],
    ['bytes=7-', '789', 'bytes 7-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=8-99', '89', 'bytes 8-9/10'],
    ['bytes=-99', '0123456789', 'bytes 0-9/10'],
    ['BYTES=0-0', '0', 'bytes 0-0/10'],
    // What a function that sniffs a file's type asks for: the first 256 KiB, or less when shorter.
    ['bytes=0-262143', '0123456789', 'bytes 0-9/10'],
  ])('answers %s with 206 and the bytes asked for', async (range, body, contentRange) => {
    const response = await ranged(range);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(contentRange);
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe(body);
  });

  it.each(['bytes=10-', 'bytes=10-12', 'bytes=-0'])(
    'answers %s, which the file cannot satisfy, with 416 and its length',
    async (range) => {
      const response = await ranged(range);
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */10');
      expect(await response.json()).toEqual({
        statusCode: '416',
        code: 'InvalidRange',
        error: 'invalid_range',
        message: 'invalid range provided',
      });
    },
  );

  it.each(['bytes=0-1,4-5', 'bytes=5-2', 'bytes=x-y', 'bytes=-', 'items=0-1'])(
    'ignores %s (several ranges, bad syntax, another unit) and sends the whole file',
    async (range) => {
      const response = await ranged(range);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-range')).toBeNull();
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(await response.text()).toBe('0123456789');
    },
  );

  it('says Accept-Ranges on a whole download, and HEAD answers a range with the same headers', async () => {
    const whole = await fetch(`${platform.url}${url}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${perToken}` },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-length')).toBe('10');
    await whole.arrayBuffer();

    const head = await ranged('bytes=4-', { method: 'HEAD' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe('bytes 4-9/10');
    expect(head.headers.get('content-length')).toBe('6');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(await head.text()).toBe('');
  });

  it('answers a range of a signed URL without auth', async () => {
    const signed = await per.storage.from(BUCKET).createSignedUrl(digits, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl, { headers: { range: 'bytes=3-4' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 3-4/10');
    expect(await response.text()).toBe('34');
  });

  it('still refuses a range of a file another organization owns', async () => {
    const larsToken = (await lars.auth.getSession()).data.session?.access_token ?? '';
    for (const range of ['bytes=0-4', 'bytes=-1', 'bytes=10-']) {
      const response = await ranged(range, { token: larsToken });
      expect(response.status, range).toBe(404);
      expect(response.headers.get('content-range'), range).toBeNull();
      expect(await response.json(), range).toMatchObject({ statusCode: '404', message: 'Object not found' });
    }
    const asAnon = await ranged('bytes=0-4', { token: ANON_KEY });
    expect(asAnon.status).toBe(404);
  });
});

describe('buckets', () => {
  it('are managed by the service role, with public reads without auth', async () => {
    const created = await admin.storage.createBucket('public-test', { public: true, fileSizeLimit: '1MB' });
    expect(created).toEqual({ data: { name: 'public-test' }, error: null });
    expect((await admin.storage.createBucket('public-test')).error).toMatchObject({ status: 409 });
    const bucket = await admin.storage.getBucket('public-test');
    expect(bucket.data).toMatchObject({ id: 'public-test', public: true, file_size_limit: 1_000_000 });
    const all = await admin.storage.listBuckets();
    expect(all.data?.map((b) => b.id).sort()).toEqual(['avatars', 'campaign-uploads', BUCKET, 'public-test']);

    const put = await admin.storage
      .from('public-test')
      .upload('docs/hello.txt', 'hei verden', { contentType: 'text/plain' });
    expect(put.error).toBeNull();
    const publicUrl = anon.storage.from('public-test').getPublicUrl('docs/hello.txt').data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hei verden');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    const tail = await fetch(publicUrl, { headers: { range: 'bytes=4-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 4-9/10');
    expect(await tail.text()).toBe('verden');

    // A stored page is served as text, and no download may be sniffed into another type.
    await admin.storage
      .from('public-test')
      .upload('docs/page.html', '<script>alert(1)</script>', { contentType: 'text/html' });
    const page = await fetch(anon.storage.from('public-test').getPublicUrl('docs/page.html').data.publicUrl);
    expect(page.headers.get('content-type')).toBe('text/plain');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toBe('<script>alert(1)</script>');

    // Users see no buckets and cannot create them: storage.buckets has RLS and no policies.
    expect((await ola.storage.listBuckets()).data).toEqual([]);
    expect((await ola.storage.getBucket(BUCKET)).error).toMatchObject({ status: 404 });
    expect((await ola.storage.createBucket('mine')).error).toMatchObject({ status: 403 });

    expect((await admin.storage.updateBucket('public-test', { public: false })).error).toBeNull();
    expect((await fetch(publicUrl)).status).toBe(404);
    expect((await admin.storage.deleteBucket('public-test')).error).toMatchObject({ status: 409 });
    expect((await admin.storage.emptyBucket('public-test')).error).toBeNull();
    expect((await admin.storage.deleteBucket('public-test')).error).toBeNull();
    expect((await admin.storage.getBucket('public-test')).error).toMatchObject({ status: 404 });
    expect((await admin.storage.from('nope').upload('a.txt', 'x')).error).toMatchObject({ status: 404 });
  });
});

describe('bad requests', () => {
  it('refuses path traversal, absolute paths and NUL before touching the disk', async () => {
    const attempts = [
      `/storage/v1/object/${BUCKET}/..%2F..%2Fescape.png`,
      `/storage/v1/object/${BUCKET}/${FJORDROR}/..%2F..%2F..%2Fescape.png`,
      `/storage/v1/object/${BUCKET}/%2Fetc%2Fescape.png`,
      `/storage/v1/object/${BUCKET}/${FJORDROR}/a%00b.png`,
      `/storage/v1/object/..%2F${BUCKET}/x.png`,
      `/storage/v1/object/${BUCKET}/${FJORDROR}/a%5C..%5Cb.png`,
    ];
    for (const attempt of attempts) {
      const { status, json } = await rawRequest('POST', attempt, PNG, {
        authorization: `Bearer ${signHs256({ role: 'service_role' }, LOCAL_JWT_SECRET)}`,
        'content-type': 'image/png',
      });
      expect(status, attempt).toBe(400);
      expect(json.statusCode, attempt).toBe('400');
    }
    const read = await rawRequest('GET', `/storage/v1/object/public/${BUCKET}/..%2F..%2F..%2Fpackage.json`);
    expect(read.status).toBe(400);
    await expect(stat(path.join(rootDir, 'escape.png'))).rejects.toThrow();
    await expect(stat(path.join(path.dirname(rootDir), 'escape.png'))).rejects.toThrow();
  });

  it('answers invalid JWTs, bad bodies and unknown routes with storage errors', async () => {
    const badJwt = await rawRequest('GET', `/storage/v1/object/${BUCKET}/${FJORDROR}/logo.png`, undefined, {
      authorization: 'Bearer not.a.jwt',
    });
    expect(badJwt.status).toBe(400);
    expect(badJwt.json).toMatchObject({ statusCode: '400', error: 'Unauthorized' });
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`;
    expect(
      (await rawRequest('GET', '/storage/v1/bucket', undefined, { authorization: `Bearer ${noneAlg}` }))
        .status,
    ).toBe(400);
    const badJson = await rawRequest('POST', `/storage/v1/object/list/${BUCKET}`, Buffer.from('{nope'), {
      'content-type': 'application/json',
    });
    expect(badJson.status).toBe(400);
    const asFolder = await admin.storage
      .from(BUCKET)
      .upload(`${FJORDROR}/c0000000-0000-4000-8000-000000000008/original.png/inner.png`, PNG, {
        contentType: 'image/png',
      });
    expect(asFolder.error).toMatchObject({ status: 409 });
    const { rows } = await platform.db.query(`select 1 from storage.objects where name like '%inner.png'`);
    expect(rows).toEqual([]);
    const unknown = await rawRequest('GET', '/storage/v1/nothing/here');
    expect(unknown.status).toBe(404);
    const badSign = await rawRequest(
      'POST',
      `/storage/v1/object/sign/${BUCKET}/${FJORDROR}/x.png`,
      Buffer.from('{"expiresIn":"soon"}'),
      {
        'content-type': 'application/json',
      },
    );
    expect(badSign.status).toBe(400);
  });
});

describe('the platform', () => {
  it('answers CORS preflights for uploads', async () => {
    const response = await fetch(`${platform.url}/storage/v1/object/${BUCKET}/${FJORDROR}/x.png`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-headers': 'authorization, x-upsert, content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-upsert');
  });

  it('mounts storage in startPlatform with files beside the database folder', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'storage-platform-'));
    const started = await startPlatform({
      projectRoot: PROJECT_ROOT,
      dataDir: path.join(base, 'pgdata'),
      ports: { api: 0, db: 0, outbox: 0 },
    });
    try {
      const client = adminClient({ ...platform, url: started.urls.api });
      const uploaded = await client.storage
        .from(BUCKET)
        .upload(`${FJORDROR}/platform.png`, PNG, { contentType: 'image/png' });
      expect(uploaded.error).toBeNull();
      expect(await readFile(path.join(base, 'storage', BUCKET, FJORDROR, 'platform.png'))).toEqual(PNG);
    } finally {
      await started.stop();
      await rm(base, { recursive: true, force: true });
    }
  }, 30_000);
});

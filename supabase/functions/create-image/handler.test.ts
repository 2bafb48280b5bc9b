import assert from 'node:assert/strict';
import type { Caller } from '../_shared/auth.ts';
import { isPng } from '../_shared/png.ts';
import { errorCode, post } from '../_shared/testing.ts';
import {
  handleCreateImage,
  nameFromPrompt,
  promptWithNegatives,
  type ClaimResult,
  type CreateImageDb,
  type NewImageRow,
} from './handler.ts';
import { FakeOpenAi, type FakeOutcome } from './openai-fake.ts';
import { openAiImageProvider } from './openai.ts';
import { imageProviderFromEnv, localImageProvider, unconfiguredImageProvider } from './providers.ts';
import type { ImageProvider } from './types.ts';

const URL_ = 'http://functions.test/create-image';
const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';
const MEDIA_ID = '00000000-0000-4000-8000-0000000000e1';
const USER: Caller = {
  id: '00000000-0000-4000-8000-0000000000f1',
  email: 'ola@fjordror.no',
  name: null,
  jwt: 'jwt',
};
const AUTH = { Authorization: 'Bearer jwt' };

/** The database and bucket in memory: membership, the hourly ledger (20), files and rows. */
class FakeDb implements CreateImageDb<NewImageRow> {
  members = new Set([ORG]);
  claims = new Map<number, string>();
  released: number[] = [];
  files = new Map<string, Uint8Array>();
  rows: NewImageRow[] = [];
  failInsert = false;
  private next = 1;

  isMember(_caller: Caller, organizationId: string) {
    return Promise.resolve(this.members.has(organizationId));
  }
  claimGeneration(organizationId: string): Promise<ClaimResult> {
    const used = [...this.claims.values()].filter((org) => org === organizationId).length;
    if (used >= 20) return Promise.resolve({ ok: false, retryAfterSeconds: 1234 });
    const id = this.next++;
    this.claims.set(id, organizationId);
    return Promise.resolve({ ok: true, id });
  }
  releaseGeneration(id: number) {
    this.released.push(id);
    this.claims.delete(id);
    return Promise.resolve();
  }
  upload(path: string, png: Uint8Array) {
    this.files.set(path, png);
    return Promise.resolve();
  }
  remove(path: string) {
    this.files.delete(path);
    return Promise.resolve();
  }
  insert(row: NewImageRow) {
    if (this.failInsert) return Promise.reject(new Error('insert failed'));
    this.rows.push(row);
    return Promise.resolve(row);
  }
}

function setup(options: { images?: ImageProvider; outcomes?: FakeOutcome[]; timeoutMs?: number } = {}) {
  const db = new FakeDb();
  const openAi = new FakeOpenAi();
  openAi.outcomes = options.outcomes ?? [];
  const logs: string[] = [];
  const images =
    options.images ??
    openAiImageProvider({
      apiKey: 'sk-test',
      fetch: openAi.fetch,
      timeoutMs: options.timeoutMs,
      log: () => {},
    });
  const call = (body: unknown, headers: Record<string, string> = AUTH) =>
    handleCreateImage(post(URL_, body, headers), {
      authenticate: (request) =>
        Promise.resolve(request.headers.get('authorization') === 'Bearer jwt' ? USER : null),
      db,
      images,
      newId: () => MEDIA_ID,
      log: (message) => logs.push(message),
    });
  return { db, openAi, logs, call };
}

const valid = { organizationId: ORG, prompt: 'Julekalender med rød dør og snø', style: 'natural' };

Deno.test('OpenAI: stores the PNG and answers the new row', async () => {
  const { db, openAi, call } = setup();
  const response = await call({
    ...valid,
    negatives: 'tekst',
    images_count: 1,
    type: 'image',
    aiModel: 'dall-e',
  });
  assert.equal(response.status, 200);
  const { media } = (await response.json()) as { media: NewImageRow };
  const path = `${ORG}/${MEDIA_ID}/original.png`;
  assert.deepEqual(media, {
    id: MEDIA_ID,
    organization_id: ORG,
    type: 'image',
    storage_path: path,
    url: path,
    name: 'Julekalender med rød dør og snø',
    mime_type: 'image/png',
    size_bytes: db.files.get(path)!.length,
    width: 1024,
    height: 1024,
    source: 'ai',
    prompt: 'Julekalender med rød dør og snø\n\nUnngå: tekst',
    created_by: USER.id,
  });
  assert.ok(isPng(db.files.get(path)!));
  assert.equal(openAi.requests.length, 1);
  assert.equal(openAi.requests[0]!.url, 'https://api.openai.com/v1/images/generations');
  assert.equal(openAi.requests[0]!.authorization, 'Bearer sk-test');
  assert.deepEqual(openAi.requests[0]!.body, {
    model: 'dall-e-3',
    prompt: 'Julekalender med rød dør og snø\n\nUnngå: tekst',
    n: 1,
    size: '1024x1024',
    style: 'natural',
    response_format: 'b64_json',
  });
  assert.equal(db.claims.size, 1);
});

Deno.test('defaults: style vivid, one image, the prompt trimmed', async () => {
  const { openAi, call } = setup();
  const response = await call({ organizationId: ORG, prompt: '  Sommerfest på brygga  ' });
  assert.equal(response.status, 200);
  assert.equal(openAi.requests[0]!.body.style, 'vivid');
  assert.equal(openAi.requests[0]!.body.prompt, 'Sommerfest på brygga');
});

Deno.test('gpt-image-1: no style or response_format; the style is said in the prompt', async () => {
  const openAi = new FakeOpenAi();
  const provider = openAiImageProvider({
    apiKey: 'sk-test',
    model: 'gpt-image-1',
    fetch: openAi.fetch,
    log: () => {},
  });
  const result = await provider.generate({ prompt: 'En dør', style: 'vivid' });
  assert.equal(result.ok, true);
  const body = openAi.requests[0]!.body;
  assert.equal(body.model, 'gpt-image-1');
  assert.equal(body.output_format, 'png');
  assert.equal('style' in body || 'response_format' in body, false);
  assert.match(String(body.prompt), /^En dør\n\nLivlige/);
});

Deno.test('provider failures map to catalogue codes, never the provider message', async (t) => {
  const cases: [FakeOutcome, number, string, boolean][] = [
    ['content-policy', 422, 'image-content-policy', false],
    ['moderation-blocked', 422, 'image-content-policy', false],
    ['rate-limited', 503, 'image-provider-busy', true],
    ['insufficient-quota', 502, 'image-provider-failed', true],
    ['server-error', 502, 'image-provider-failed', true],
    ['not-json', 502, 'image-provider-failed', true],
    ['not-png', 502, 'image-provider-failed', true],
  ];
  for (const [outcome, status, code, releases] of cases) {
    await t.step(outcome, async () => {
      const { db, call } = setup({ outcomes: [outcome] });
      const response = await call(valid);
      assert.equal(response.status, status);
      const text = await response.text();
      assert.deepEqual(JSON.parse(text), { error: { code } });
      assert.doesNotMatch(text, /safety|quota|server had|Rate limit|html/i);
      assert.equal(db.files.size, 0);
      assert.equal(db.rows.length, 0);
      // A refused prompt keeps its slot; a provider failure gives it back.
      assert.equal(db.claims.size, releases ? 0 : 1);
    });
  }
});

Deno.test('a provider that does not answer in time: 502 image-provider-failed', async () => {
  const { db, call } = setup({ outcomes: ['hang'], timeoutMs: 50 });
  const response = await call(valid);
  assert.equal(response.status, 502);
  assert.equal(await errorCode(response), 'image-provider-failed');
  assert.equal(db.files.size, 0);
  assert.deepEqual(db.released, [1]);
});

Deno.test('bad input: 400 invalid-input, nothing asked or stored', async (t) => {
  const bodies: [string, unknown][] = [
    ['not JSON', '{'],
    ['an array', [valid]],
    ['no organization', { prompt: 'x' }],
    ['organization not a uuid', { ...valid, organizationId: 'fjordror' }],
    ['empty prompt', { ...valid, prompt: '' }],
    ['blank prompt', { ...valid, prompt: '   ' }],
    ['prompt over 1,000', { ...valid, prompt: 'a'.repeat(1001) }],
    ['negatives over 1,000', { ...valid, negatives: 'a'.repeat(1001) }],
    ['images_count 2', { ...valid, images_count: 2 }],
    ['images_count 0', { ...valid, images_count: 0 }],
    ['images_count "1"', { ...valid, images_count: '1' }],
    ['style', { ...valid, style: 'cartoon' }],
    ['aiModel', { ...valid, aiModel: 'midjourney' }],
    ['type video', { ...valid, type: 'video' }],
  ];
  for (const [name, body] of bodies) {
    await t.step(name, async () => {
      const { db, openAi, call } = setup();
      const response = await call(body);
      assert.equal(response.status, 400);
      assert.equal(await errorCode(response), 'invalid-input');
      assert.equal(openAi.requests.length + db.claims.size + db.files.size, 0);
    });
  }
  await t.step('1,000 characters are fine', async () => {
    const { call } = setup();
    assert.equal(
      (await call({ ...valid, prompt: 'a'.repeat(1000), negatives: 'b'.repeat(1000) })).status,
      200,
    );
  });
});

Deno.test('not signed in: 401; not a member: 403, nothing claimed or stored', async () => {
  const { db, openAi, call } = setup();
  assert.equal((await call(valid, {})).status, 401);
  const response = await call({ ...valid, organizationId: OTHER_ORG });
  assert.equal(response.status, 403);
  assert.equal(await errorCode(response), 'forbidden');
  assert.equal(openAi.requests.length + db.claims.size + db.files.size + db.rows.length, 0);
});

Deno.test(
  'rate limit: the 21st image in an hour is 429 with Retry-After, the provider is not asked',
  async () => {
    const { db, openAi, call } = setup();
    for (let i = 0; i < 20; i++) assert.equal((await call(valid)).status, 200);
    const response = await call(valid);
    assert.equal(response.status, 429);
    assert.equal(await errorCode(response), 'image-rate-limited');
    assert.equal(response.headers.get('Retry-After'), '1234');
    assert.equal(openAi.requests.length, 20);
    db.members.add(OTHER_ORG);
    assert.equal(
      (await call({ ...valid, organizationId: OTHER_ORG })).status,
      200,
      'another organization is unaffected',
    );
  },
);

Deno.test('no provider configured: 503 images-not-configured, logged', async () => {
  const { db, logs, call } = setup({ images: unconfiguredImageProvider });
  const response = await call(valid);
  assert.equal(response.status, 503);
  assert.equal(await errorCode(response), 'images-not-configured');
  assert.equal(db.claims.size, 0);
  assert.match(logs.join('\n'), /OPENAI_API_KEY/);
});

Deno.test('the row cannot be written: the stored file is removed again', async () => {
  const { db, call } = setup({ images: localImageProvider });
  db.failInsert = true;
  const response = await call(valid);
  assert.equal(response.status, 500);
  assert.equal(db.files.size, 0);
});

Deno.test('the local provider answers a real PNG', async () => {
  const { db, call } = setup({ images: localImageProvider });
  const response = await call(valid);
  assert.equal(response.status, 200);
  assert.ok(isPng(db.files.get(`${ORG}/${MEDIA_ID}/original.png`)!));
});

Deno.test('the provider follows the configuration', () => {
  const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
  assert.equal(
    imageProviderFromEnv(env({ OPENAI_API_KEY: 'sk-x', SUPABASE_URL: 'http://127.0.0.1:54321' })).name,
    'openai',
  );
  assert.equal(imageProviderFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })).name, 'local');
  assert.equal(imageProviderFromEnv(env({ SUPABASE_URL: 'http://kong:8000' })).name, 'local');
  assert.equal(imageProviderFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co' })).name, 'unconfigured');
  assert.equal(
    imageProviderFromEnv(env({ SUPABASE_URL: 'https://abc.supabase.co', IMAGES_PROVIDER: 'local' })).name,
    'local',
  );
  assert.equal(
    imageProviderFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321', IMAGES_PROVIDER: 'none' })).name,
    'unconfigured',
  );
});

Deno.test('prompt folding and names', () => {
  assert.equal(promptWithNegatives('En dør', ''), 'En dør');
  assert.equal(promptWithNegatives('En dør', 'tekst, logoer'), 'En dør\n\nUnngå: tekst, logoer');
  assert.equal(nameFromPrompt('julekalender  med rød dør'), 'Julekalender med rød dør');
  assert.equal(nameFromPrompt('en to tre fire fem seks sju åtte ni ti'), 'En to tre fire fem seks sju åtte');
  assert.equal(nameFromPrompt('a'.repeat(100)), 'A' + 'a'.repeat(59));
});

/**
 * Edge functions through the gateway with the real supabase-js `functions.invoke`, against the test
 * functions in testdata/ (copied to a temporary folder so tests can edit them and add a .env).
 */
import { cp, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import { anonClient } from '../testing/auth-helpers.ts';
import { hasDeno } from '../testing/functions-platform.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { createFunctionsHandler, parseDotenv, type FunctionsService } from './index.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TESTDATA = fileURLToPath(new URL('./testdata/', import.meta.url));

interface Echo {
  version: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
  env: Record<string, string | null>;
}

interface Invoked<T> {
  data: T | null;
  /** The failed Response for HTTP errors (FunctionsHttpError's context), else null. */
  response: Response | null;
}

/** `functions.invoke` of the real supabase-js, with its untyped error narrowed. */
async function invoke<T = unknown>(
  platform: TestPlatform,
  name: string,
  options: Parameters<SupabaseClient['functions']['invoke']>[1] = {},
): Promise<Invoked<T>> {
  const result = await anonClient(platform).functions.invoke<T>(name, options);
  if (result.error === null) return { data: result.data, response: null };
  const error: unknown = result.error;
  if (!(error instanceof FunctionsHttpError)) throw error;
  return { data: null, response: error.context as Response };
}

describe('parseDotenv', () => {
  it('reads KEY=value lines like the Supabase CLI', () => {
    expect(
      parseDotenv('# comment\nA=1\nexport B="two words"\nC=\'x#y\'\nD=plain # note\n\nbroken\n'),
    ).toEqual({ A: '1', B: 'two words', C: 'x#y', D: 'plain' });
  });
});

describe.skipIf(!hasDeno)('edge functions on /functions/v1', () => {
  let platform: TestPlatform;
  let functions: FunctionsService;
  let dir: string;
  let coldStartMs = 0;
  const logs: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform();
    dir = await mkdtemp(path.join(tmpdir(), 'leadtorget-functions-'));
    await cp(TESTDATA, dir, { recursive: true });
    await writeFile(path.join(dir, '.env'), 'ECHO_SECRET="from dotenv"\nSUPABASE_FROM_DOTENV=skipped\n');
    process.env.HOME_SECRET_OF_PLATFORM = 'must not leak';
    functions = createFunctionsHandler({
      config: platform.config,
      projectRoot: PROJECT_ROOT,
      externalUrl: platform.url,
      functionsDir: dir,
      outboxUrl: 'http://127.0.0.1:54999',
      log: (name, line) => logs.push(`${name}: ${line}`),
    });
    platform.services['/functions/v1'] = functions;
  });

  afterAll(async () => {
    delete process.env.HOME_SECRET_OF_PLATFORM;
    await functions?.stop();
    await platform?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    console.log(`edge function cold start: ${coldStartMs.toFixed(0)} ms`);
  });

  it('passes body, headers and the caller’s Authorization through (cold start measured)', async () => {
    const token = signJwt(
      {
        sub: '00000000-0000-0000-0000-000000000001',
        role: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      platform.config.jwtSecret,
    );
    const started = performance.now();
    const { data, response } = await invoke<Echo>(platform, 'echo', {
      body: { hello: 'verden', n: 1 },
      headers: { Authorization: `Bearer ${token}`, 'X-Custom': 'abc' },
    });
    coldStartMs = performance.now() - started;
    expect(response).toBeNull();
    expect(data?.method).toBe('POST');
    expect(data?.path).toBe('/echo');
    expect(JSON.parse(data?.body ?? '')).toEqual({ hello: 'verden', n: 1 });
    expect(data?.headers.authorization).toBe(`Bearer ${token}`);
    expect(data?.headers['x-custom']).toBe('abc');
    expect(data?.headers.apikey).toBe(ANON_KEY);
    expect(data?.headers['content-type']).toContain('application/json');
  });

  it('passes method, sub-path and query; the anon key is the default Authorization', async () => {
    const { data, response } = await invoke<Echo>(platform, 'echo/a/b?x=1&y=two', { method: 'GET' });
    expect(response).toBeNull();
    expect(data).toMatchObject({ method: 'GET', path: '/echo/a/b', query: '?x=1&y=two', body: '' });
    expect(data?.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  });

  it('gives functions the platform’s URL and keys and the secrets of .env, nothing else', async () => {
    const { data } = await invoke<Echo>(platform, 'echo', { body: 'text body' });
    expect(data?.body).toBe('text body');
    expect(data?.env).toEqual({
      SUPABASE_URL: platform.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_DB_URL: `postgresql://postgres:postgres@127.0.0.1:${platform.config.dbPort}/postgres`,
      ECHO_SECRET: 'from dotenv',
      SUPABASE_FROM_DOTENV: null,
      HOME_SECRET_OF_PLATFORM: null,
      MAILPIT_URL: 'http://127.0.0.1:54999',
      SITE_URL: platform.config.siteUrl,
      REDIRECT_ALLOW_LIST: platform.config.additionalRedirectUrls.join(','),
    });
    expect(data?.env.REDIRECT_ALLOW_LIST).toContain('http://localhost:5173/**');
  });

  it('sets X-Forwarded-For to the client’s address, appending it to one the request carries', async () => {
    const plain = await invoke<Echo>(platform, 'echo', { body: {} });
    expect(plain.data?.headers['x-forwarded-for']).toMatch(/^(127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)$/);
    const forwarded = await invoke<Echo>(platform, 'echo', {
      body: {},
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(forwarded.data?.headers['x-forwarded-for']).toMatch(
      /^203\.0\.113\.7, (127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)$/,
    );
  });

  it('passes the CORS preflight to the function, as the hosted platform does', async () => {
    const response = await fetch(`${platform.url}/functions/v1/echo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type',
    );
    // The function's own headers on normal responses too, untouched by the gateway.
    const post = await fetch(`${platform.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ANON_KEY}` },
    });
    expect(post.headers.get('x-echo')).toBe('yes');
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 404 NOT_FOUND for unknown functions (and _shared is not a function)', async () => {
    for (const name of ['does-not-exist', '_shared', 'echo.ts']) {
      const { data, response } = await invoke(platform, name, { body: {} });
      expect(data).toBeNull();
      expect(response?.status).toBe(404);
      expect(response?.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response?.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      });
    }
  });

  it('verifies the JWT before the function runs (verify_jwt defaults to true)', async () => {
    const missing = await fetch(`${platform.url}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'UNAUTHORIZED_NO_AUTH_HEADER' });
    const forged = signJwt({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the');
    const invalid = await fetch(`${platform.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
  });

  it('picks up code changes without restarting the platform', async () => {
    expect((await invoke<Echo>(platform, 'echo')).data?.version).toBe('v1');
    const file = path.join(dir, 'echo', 'index.ts');
    await writeFile(file, (await readFile(file, 'utf8')).replace("VERSION = 'v1'", "VERSION = 'v2-changed'"));
    const later = new Date(Date.now() + 5000);
    await utimes(file, later, later);
    expect((await invoke<Echo>(platform, 'echo')).data?.version).toBe('v2-changed');
    // A change in _shared restarts the functions that use it too.
    const shared = path.join(dir, '_shared', 'cors.ts');
    await writeFile(shared, (await readFile(shared, 'utf8')).replace("'*'", "'http://app.test'"));
    const response = await fetch(`${platform.url}/functions/v1/echo`, { method: 'OPTIONS' });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test');
  });

  it('isolates crashes: 500 for a throwing handler or a dying worker, 503 for a boot error', async () => {
    const status = async (name: string) => {
      const { response } = await invoke(platform, name);
      return { status: response?.status ?? 200, body: (await response?.json()) as unknown };
    };
    const first = await invoke<{ ok: boolean; pid: number }>(platform, 'crash');
    expect(first.data?.ok).toBe(true);

    expect(await status('crash?mode=throw')).toEqual({
      status: 500,
      body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    });
    const same = await invoke<{ ok: boolean; pid: number }>(platform, 'crash');
    expect(same.data?.pid).toBe(first.data?.pid);

    expect(await status('crash?mode=exit')).toMatchObject({ status: 500, body: { code: 'WORKER_ERROR' } });
    const restarted = await invoke<{ ok: boolean; pid: number }>(platform, 'crash');
    expect(restarted.data?.ok).toBe(true);
    expect(restarted.data?.pid).not.toBe(first.data?.pid);

    expect(await status('broken')).toEqual({
      status: 503,
      body: { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
    });
    expect(logs.some((line) => line.includes('broken on purpose'))).toBe(true);
    // Everything else keeps working.
    expect((await invoke<Echo>(platform, 'echo')).response).toBeNull();
    const health = await fetch(`${platform.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  });

  it('stops every worker on stop(); the next request starts them again', async () => {
    await invoke(platform, 'echo');
    expect(functions.running()).toContain('echo');
    await functions.stop();
    expect(functions.running()).toEqual([]);
    expect((await invoke(platform, 'echo')).response).toBeNull();
    expect(functions.running()).toContain('echo');
  });
});

/** Bad input never crashes the service: GoTrue-style 4xx JSON, and the server keeps answering. Plus the small endpoints. */
import { signJwt } from '../jwt.ts';
import { anonClient, signedInUser } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.stop();
});

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code: string;
}

const json = { 'Content-Type': 'application/json' };
const twoMegabytes = 'a'.repeat(2 * 1024 * 1024);

const corpus: Case[] = [
  {
    name: 'malformed JSON',
    path: '/signup',
    headers: json,
    body: '{"email": ',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'JSON that is not an object',
    path: '/token?grant_type=password',
    headers: json,
    body: '[1,2]',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'wrong content type',
    path: '/signup',
    headers: { 'Content-Type': 'text/plain' },
    body: 'hei',
    status: 415,
    code: 'bad_json',
  },
  {
    name: '2 MB body',
    path: '/signup',
    headers: json,
    body: twoMegabytes,
    status: 413,
    code: 'request_too_large',
  },
  {
    name: 'unknown grant type',
    path: '/token?grant_type=magic',
    headers: json,
    body: '{}',
    status: 400,
    code: 'unsupported_grant_type',
  },
  {
    name: 'missing grant type',
    path: '/token',
    headers: json,
    body: '{}',
    status: 400,
    code: 'unsupported_grant_type',
  },
  {
    // No address is an anonymous sign-in, which the project's config.toml leaves off (as GoTrue).
    name: 'signup without fields',
    path: '/signup',
    headers: json,
    body: '{}',
    status: 422,
    code: 'anonymous_provider_disabled',
  },
  {
    name: 'signup with a number as e-mail',
    path: '/signup',
    headers: json,
    body: '{"email": 5, "password": "x"}',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'invalid e-mail',
    path: '/signup',
    headers: json,
    body: '{"email": "not-an-email", "password": "Sterkt-Passord-42!"}',
    status: 400,
    code: 'validation_failed',
  },
  // Postgres text cannot hold U+0000; GoTrue-style 400s, not a 500 from the database.
  ...[
    ['signup e-mail', '/signup', '{"email": "a\\u0000b@x.no", "password": "Sterkt-Passord-42!"}'],
    [
      'signup metadata',
      '/signup',
      '{"email": "nul@x.no", "password": "Sterkt-Passord-42!", "data": {"n": "a\\u0000"}}',
    ],
    [
      'a metadata key',
      '/signup',
      '{"email": "nul@x.no", "password": "Sterkt-Passord-42!", "data": {"a\\u0000": 1}}',
    ],
    ['password sign-in', '/token?grant_type=password', '{"email": "a\\u0000b@x.no", "password": "x"}'],
    ['a refresh token', '/token?grant_type=refresh_token', '{"refresh_token": "a\\u0000b"}'],
    ['a pkce code', '/token?grant_type=pkce', '{"auth_code": "a\\u0000", "code_verifier": "b"}'],
    ['a token hash', '/verify', '{"token_hash": "a\\u0000b", "type": "signup"}'],
    ['otp', '/otp', '{"email": "a\\u0000b@x.no"}'],
    ['recover', '/recover', '{"email": "a\\u0000b@x.no"}'],
    ['a form body', '/token?grant_type=refresh_token', 'refresh_token=a%00b', 'form'],
  ].map(([what, path, body, form]): Case => ({
    name: `NUL in ${what}`,
    path: path ?? '',
    headers: form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : json,
    body,
    status: 400,
    code: 'validation_failed',
  })),
  {
    name: 'NUL in a query string',
    method: 'GET',
    path: '/verify?token=a%00b&type=signup',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'NUL in an admin body',
    path: '/admin/users',
    headers: {
      ...json,
      Authorization: `Bearer ${signJwt({ role: 'service_role' }, 'super-secret-jwt-token-with-at-least-32-characters-long')}`,
    },
    body: '{"email": "nul-admin@x.no", "user_metadata": {"n": "\\u0000"}}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'password grant without credentials',
    path: '/token?grant_type=password',
    headers: json,
    body: '{}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'refresh without token',
    path: '/token?grant_type=refresh_token',
    headers: json,
    body: '{}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'pkce without verifier',
    path: '/token?grant_type=pkce',
    headers: json,
    body: '{"auth_code": "x"}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'pkce with unknown code',
    path: '/token?grant_type=pkce',
    headers: json,
    body: '{"auth_code": "x", "code_verifier": "y"}',
    status: 404,
    code: 'flow_state_not_found',
  },
  {
    name: 'verify without type',
    path: '/verify',
    headers: json,
    body: '{"token_hash": "abc"}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'verify with unknown hash',
    path: '/verify',
    headers: json,
    body: '{"token_hash": "abc", "type": "signup"}',
    status: 403,
    code: 'otp_expired',
  },
  {
    name: 'otp without address',
    path: '/otp',
    headers: json,
    body: '{}',
    status: 422,
    code: 'validation_failed',
  },
  {
    name: 'resend with bad type',
    path: '/resend',
    headers: json,
    body: '{"type": "fax", "email": "a@b.no"}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'garbage Authorization',
    method: 'GET',
    path: '/user',
    headers: { Authorization: 'Bearer not.a.jwt' },
    status: 403,
    code: 'bad_jwt',
  },
  {
    name: 'Authorization without Bearer',
    method: 'GET',
    path: '/user',
    headers: { Authorization: 'Basic abc' },
    status: 401,
    code: 'no_authorization',
  },
  {
    name: 'alg:none token',
    method: 'GET',
    path: '/user',
    headers: {
      Authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"00000000-0000-0000-0000-000000000000","role":"service_role"}').toString('base64url')}.`,
    },
    status: 403,
    code: 'bad_jwt',
  },
  {
    name: 'token signed with another secret',
    method: 'GET',
    path: '/admin/users',
    headers: {
      Authorization: `Bearer ${signJwt({ role: 'service_role' }, 'another-secret-that-is-at-least-32-chars')}`,
    },
    status: 403,
    code: 'bad_jwt',
  },
  {
    name: 'expired token',
    method: 'GET',
    path: '/user',
    headers: {
      Authorization: `Bearer ${signJwt({ sub: 'x', exp: 1 }, 'super-secret-jwt-token-with-at-least-32-characters-long')}`,
    },
    status: 403,
    code: 'bad_jwt',
  },
  { name: 'unknown path', method: 'GET', path: '/nope', status: 404, code: 'not_found' },
  { name: 'wrong method', method: 'DELETE', path: '/signup', status: 405, code: 'method_not_allowed' },
  {
    name: 'admin without a token',
    method: 'GET',
    path: '/admin/users',
    status: 401,
    code: 'no_authorization',
  },
  {
    name: 'admin user that is not a uuid',
    method: 'GET',
    path: '/admin/users/abc',
    headers: {
      Authorization: `Bearer ${signJwt({ role: 'service_role' }, 'super-secret-jwt-token-with-at-least-32-characters-long')}`,
    },
    // GoTrue's loadUser: the id's format is checked before any lookup.
    status: 404,
    code: 'validation_failed',
  },
];

test.each(corpus)('$name → $status $code', async ({ method, path, headers, body, status, code }) => {
  const response = await fetch(`${platform.url}/auth/v1${path}`, { method: method ?? 'POST', headers, body });
  expect(response.status).toBe(status);
  const payload = (await response.json()) as Record<string, unknown>;
  // Without X-Supabase-Api-Version GoTrue answers in its legacy shape.
  expect(payload).toMatchObject({ code: status, error_code: code, msg: expect.any(String) as unknown });
  // And the server still answers.
  const health = await fetch(`${platform.url}/auth/v1/health`);
  expect(health.status).toBe(200);
});

test('with X-Supabase-Api-Version: 2024-01-01 errors use the new shape (code = error code)', async () => {
  const response = await fetch(`${platform.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { ...json, 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
  });
  expect(response.status).toBe(400);
  expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(await response.json()).toEqual({
    code: 'invalid_credentials',
    message: 'Invalid login credentials',
  });
});

test('weak_password errors carry reasons in both shapes', async () => {
  const response = await fetch(`${platform.url}/auth/v1/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'weak@example.com', password: 'abc' }),
  });
  expect(await response.json()).toMatchObject({
    code: 422,
    error_code: 'weak_password',
    weak_password: { reasons: ['length', 'characters'] },
  });
});

test('many bad requests in parallel leave the service healthy', async () => {
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      fetch(`${platform.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: json,
        body: index % 2 ? '{"email":' : twoMegabytes.slice(0, 1024),
      }).then((response) => response.status),
    ),
  );
  expect(results.every((status) => status >= 400 && status < 500)).toBe(true);
  const { client } = await signedInUser(platform, 'after-storm');
  expect((await client.auth.getUser()).error).toBeNull();
});

test('CORS preflight allows the headers supabase-js sends', async () => {
  const response = await fetch(`${platform.url}/auth/v1/token?grant_type=password`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers':
        'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
    },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
  expect(response.headers.get('access-control-allow-methods')).toContain('POST');
});

test('settings, health and jwks', async () => {
  const settings = (await (await fetch(`${platform.url}/auth/v1/settings`)).json()) as Record<
    string,
    unknown
  >;
  expect(settings).toMatchObject({
    external: { email: true, phone: true, google: true },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
  });
  expect(await (await fetch(`${platform.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
  expect((await fetch(`${platform.url}/auth/v1/health`)).status).toBe(200);
  // supabase-js getClaims falls back to getUser for HS256 tokens.
  const { client } = await signedInUser(platform, 'claims');
  const claims = await client.auth.getClaims();
  expect(claims.error).toBeNull();
  expect(claims.data?.claims.role).toBe('authenticated');
  expect(anonClient(platform)).toBeTruthy();
});

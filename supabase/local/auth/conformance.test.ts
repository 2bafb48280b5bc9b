/**
 * Conformance with GoTrue for what auth-js's own suite needs beyond the app: asymmetric signing keys,
 * anonymous sign-in, invitations, the admin factor endpoints, manual identity linking, and the coded
 * errors GoTrue gives for features that are switched off. Two platforms: one configured as auth-js's
 * `test/supabase/config.toml` configures GoTrue, one with the project's own config.toml.
 */
import { generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../keys.ts';
import {
  adminClient,
  anonClient,
  completeProviderPage,
  jwtClaims,
  lastMessage,
  oobCode,
  signedInUser,
  uniqueEmail,
} from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const rsaKey = (kid: string): JsonWebKey => ({
  ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  kid,
  alg: 'RS256',
  key_ops: ['sign', 'verify'],
});
const SIGNING_KEY = rsaKey('suite-key');

/** An RS256 JWT, as auth-js's suite signs its service-role key with the project's signing key. */
function rs256(claims: Record<string, unknown>, key: JsonWebKey): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(body), { key, format: 'jwk' });
  return `${body}.${signature.toString('base64url')}`;
}

const serviceKey = (key: JsonWebKey) =>
  rs256({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, key);

async function call(platform: TestPlatform, path: string, init: RequestInit & { key?: string } = {}) {
  const { key, ...rest } = init;
  const response = await fetch(`${platform.url}/auth/v1${path}`, {
    ...rest,
    headers: {
      apikey: ANON_KEY,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let suite: TestPlatform;
let project: TestPlatform;
beforeAll(async () => {
  suite = await startTestPlatform({
    configure: (config) => ({
      ...config,
      auth: {
        ...config.auth,
        emailConfirmations: false,
        anonymousSignIns: true,
        manualLinking: false,
        signingKeys: [SIGNING_KEY],
        rateLimits: { ...config.auth.rateLimits, anonymousUsers: 5 },
      },
    }),
  });
  project = await startTestPlatform({
    configure: (config) => ({ ...config, auth: { ...config.auth, manualLinking: true } }),
  });
});
afterAll(async () => {
  await suite.stop();
  await project.stop();
});

describe('signing keys ([auth] signing_keys_path)', () => {
  it('signs access tokens with the first key, publishes its public half, and auth-js verifies offline', async () => {
    const client = anonClient(suite);
    const { data, error } = await client.auth.signUp({ email: uniqueEmail('rs'), password: 'Passord-1!' });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? '';
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      alg: string;
      kid: string;
    };
    expect(header).toMatchObject({ alg: 'RS256', kid: 'suite-key' });

    const jwks = (await (await fetch(`${suite.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: JsonWebKey[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kid: 'suite-key', alg: 'RS256', kty: 'RSA', n: SIGNING_KEY.n });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const getUser = vi.spyOn(client.auth, 'getUser');
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.email).toBe(data.user?.email);
    expect(getUser).not.toHaveBeenCalled();
    // The server takes its own RS256 token back.
    expect((await call(suite, '/user', { key: token })).status).toBe(200);
  });

  it('takes a service-role key signed by a configured key, and refuses one signed by another', async () => {
    const listed = await call(suite, '/admin/users', { key: serviceKey(SIGNING_KEY) });
    expect(listed.status).toBe(200);
    const stranger = await call(suite, '/admin/users', { key: serviceKey(rsaKey('suite-key')) });
    expect(stranger).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    // The project's HS256 keys keep working beside the signing keys.
    expect((await adminClient(suite).auth.admin.listUsers()).error).toBeNull();
  });

  it('publishes no keys without signing keys (HS256)', async () => {
    const jwks: unknown = await (await fetch(`${project.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks).toEqual({ keys: [] });
  });
});

describe('anonymous sign-in ([auth] enable_anonymous_sign_ins)', () => {
  it('signs in without an address: a session, is_anonymous in the user and the JWT, the metadata as sent', async () => {
    const client = anonClient(suite);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { info: 'some info' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      app_metadata: {},
      user_metadata: { info: 'some info' },
      identities: [],
    });
    expect(data.user?.user_metadata).toEqual({ info: 'some info' });
    const claims = jwtClaims(data.session?.access_token ?? '');
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user?.id });
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'anonymous' })]);
    // The anonymous user is a real one: /user answers with it.
    const fetched = await client.auth.getUser();
    expect(fetched.data.user?.is_anonymous).toBe(true);
  });

  it('is GoTrue’s 422 anonymous_provider_disabled when config.toml leaves it off', async () => {
    const { data, error } = await anonClient(project).auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
  });

  it('limits anonymous sign-ins per hour per address (anonymous_users, 5 here)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await call(suite, '/signup', { method: 'POST', body: '{}' })).status);
    }
    // The first test of this block took one of the five.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('user_metadata holds what the caller sent (and email_verified once confirmed, as GoTrue)', () => {
  it('admin createUser, generateLink signup and an autoconfirmed signUp add no identity claims', async () => {
    const admin = adminClient(suite);
    const created = await admin.auth.admin.createUser({
      email: uniqueEmail('meta'),
      user_metadata: { profile_image: 'https://avatars.example/1.png' },
    });
    expect(created.data.user?.user_metadata).toEqual({ profile_image: 'https://avatars.example/1.png' });
    const confirmed = await admin.auth.admin.createUser({ email: uniqueEmail('meta'), email_confirm: true });
    expect(confirmed.data.user?.user_metadata).toEqual({ email_verified: true });
    const updated = await admin.auth.admin.updateUserById(created.data.user?.id ?? '', {
      user_metadata: { favorite_color: 'yellow' },
    });
    expect(updated.data.user?.user_metadata).toEqual({
      profile_image: 'https://avatars.example/1.png',
      favorite_color: 'yellow',
    });

    const link = await admin.auth.admin.generateLink({
      type: 'signup',
      email: uniqueEmail('meta'),
      password: 'Passord-1!',
      options: { data: { plan: 'pro' } },
    });
    expect(link.data.user?.user_metadata).toEqual({ plan: 'pro' });

    const signedUp = await anonClient(suite).auth.signUp({
      email: uniqueEmail('meta'),
      password: 'Passord-1!',
      options: { data: { hello: 'world' } },
    });
    expect(signedUp.data.user?.user_metadata).toEqual({ hello: 'world', email_verified: true });
  });
});

describe('invitations (POST /invite, inviteUserByEmail, generateLink invite)', () => {
  it('creates the invited user, mails the invitation to the outbox, and the link signs in', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await adminClient(project).auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'Inger Invitert' },
      redirectTo: 'http://localhost:5173/velkommen',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Inger Invitert' } });
    expect(data.user?.invited_at).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const message = await lastMessage(project, email, 'invite');
    const client = anonClient(project);
    const verified = await client.auth.verifyOtp({ type: 'invite', token_hash: oobCode(message) });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('refuses a confirmed address (422 email_exists), a bad one (400) and a caller who is not admin (403)', async () => {
    const { email, session } = await signedInUser(project, 'invited');
    const admin = adminClient(project);
    const taken = await admin.auth.admin.inviteUserByEmail(email);
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    const bad = await admin.auth.admin.inviteUserByEmail('ikke-en-adresse');
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const notAdmin = await call(project, '/invite', {
      method: 'POST',
      key: session.access_token,
      body: JSON.stringify({ email: uniqueEmail('x') }),
    });
    expect(notAdmin).toMatchObject({ status: 403, body: { code: 'not_admin' } });
  });

  it('generateLink invite: an invited user and an invite link', async () => {
    const email = uniqueEmail('invite-link');
    const { data, error } = await adminClient(project).auth.admin.generateLink({ type: 'invite', email });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('invite');
    expect(data.properties?.action_link).toContain('type=invite');
    expect(data.user?.invited_at).toEqual(expect.any(String));
  });
});

describe('admin MFA factors (/admin/users/{id}/factors)', () => {
  it('lists, renames and deletes a user’s factors as auth-js’s admin API calls them', async () => {
    const { client, user } = await signedInUser(project, 'factors');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    expect(enrolled.error).toBeNull();
    const factorId = enrolled.data?.id ?? '';
    const admin = adminClient(project);

    const listed = await admin.auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({
        id: factorId,
        friendly_name: 'Telefon',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ]);

    const renamed = await call(project, `/admin/users/${user.id}/factors/${factorId}`, {
      method: 'PUT',
      key: SERVICE_ROLE_KEY,
      body: JSON.stringify({ friendly_name: 'Nytt navn' }),
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: factorId, friendly_name: 'Nytt navn' } });

    const deleted = await call(project, `/admin/users/${user.id}/factors/${factorId}`, {
      method: 'DELETE',
      key: SERVICE_ROLE_KEY,
    });
    expect(deleted).toMatchObject({ status: 200, body: { id: factorId, friendly_name: 'Nytt navn' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);
  });

  it('answers GoTrue’s 404s for a missing factor or user and for ids that are not UUIDs; users are refused', async () => {
    const { user, session } = await signedInUser(project, 'factors-missing');
    const base = `/admin/users/${user.id}/factors`;
    const missing = await call(project, `${base}/00000000-0000-4000-8000-000000000000`, {
      method: 'DELETE',
      key: SERVICE_ROLE_KEY,
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { code: 'mfa_factor_not_found', message: 'Factor not found' },
    });
    expect(await call(project, `${base}/abc`, { method: 'DELETE', key: SERVICE_ROLE_KEY })).toMatchObject({
      status: 404,
      body: { code: 'validation_failed', message: 'factor_id must be an UUID' },
    });
    expect(await call(project, '/admin/users/abc/factors', { key: SERVICE_ROLE_KEY })).toMatchObject({
      status: 404,
      body: { code: 'validation_failed', message: 'user_id must be an UUID' },
    });
    expect(
      await call(project, '/admin/users/00000000-0000-4000-8000-000000000000/factors', {
        key: SERVICE_ROLE_KEY,
      }),
    ).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect(await call(project, base, { key: session.access_token })).toMatchObject({
      status: 403,
      body: { code: 'not_admin' },
    });
  });
});

describe('manual linking ([auth] enable_manual_linking)', () => {
  it('linkIdentity sends the signed-in user to the provider page and links what comes back to them', async () => {
    const { client, user } = await signedInUser(project, 'linker');
    const { data, error } = await client.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/konto', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    // Another address than the account's: linking is by the session, not by e-mail.
    const back = await completeProviderPage(data.url ?? '', {
      identity: 'custom',
      email: uniqueEmail('gmail'),
    });
    expect(back.origin + back.pathname).toBe('http://localhost:5173/konto');
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(jwtClaims(fragment.get('access_token') ?? '').sub).toBe(user.id);
    const identities = await client.auth.getUserIdentities();
    expect(identities.data?.identities.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'google',
    ]);
    const github = await client.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(github.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('refuses an identity that belongs to another user (422 identity_already_exists)', async () => {
    const owner = await signedInUser(project, 'owner');
    const taken = uniqueEmail('taken');
    const first = await owner.client.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    await completeProviderPage(first.data.url ?? '', { identity: 'custom', email: taken });
    const other = await signedInUser(project, 'other');
    const second = await other.client.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    const back = await completeProviderPage(second.data.url ?? '', { identity: 'custom', email: taken });
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('error_code')).toBe('identity_already_exists');
    expect(fragment.get('error_description')).toBe('Identity is already linked to another user');
  });

  it('is GoTrue’s 404 manual_linking_disabled for linkIdentity and unlinkIdentity when config.toml leaves it off', async () => {
    const client = anonClient(suite);
    const { error: signUpError } = await client.auth.signUp({
      email: uniqueEmail('nolink'),
      password: 'Passord-1!',
    });
    expect(signUpError).toBeNull();
    const linked = await client.auth.linkIdentity({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    expect(linked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect(linked.error?.message).toBe('Manual linking is disabled');
    const { data } = await client.auth.getUserIdentities();
    const unlinked = await client.auth.unlinkIdentity(data?.identities[0] ?? ({} as never));
    expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  });
});

describe('features the platform does not offer answer GoTrue’s coded errors', () => {
  it('SSO: 404 saml_provider_disabled «SAML 2.0 is disabled», whatever the parameters', async () => {
    const client = anonClient(suite, 'pkce');
    for (const params of [{ providerId: 'valid-provider-id' }, { domain: 'example.com' }, {}]) {
      const { data, error } = await client.auth.signInWithSSO(params as { domain: string });
      expect(data).toBeNull();
      expect(error).toMatchObject({
        status: 404,
        code: 'saml_provider_disabled',
        message: 'SAML 2.0 is disabled',
      });
    }
    expect((await call(suite, '/sso/saml/metadata')).body).toMatchObject({ code: 'saml_provider_disabled' });
  });

  it('web3: 422 web3_provider_disabled', async () => {
    const answer = await call(suite, '/token?grant_type=web3', {
      method: 'POST',
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
  });

  it('id_token: 400 provider_disabled naming the issuer; custom providers are 400 validation_failed', async () => {
    const client = anonClient(suite);
    const google = await client.auth.signInWithIdToken({
      provider: 'google',
      token: 'mock-id-token',
      nonce: 'n',
    });
    expect(google.data.session).toBeNull();
    expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled' });
    expect(google.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
    const custom = await client.auth.signInWithIdToken({ provider: 'custom:my-oidc', token: 't' });
    expect(custom.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const missing = await call(suite, '/token?grant_type=id_token', {
      method: 'POST',
      body: JSON.stringify({ provider: 'google' }),
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'id_token required' },
    });
  });
});

describe('admin input is checked as GoTrue checks it', () => {
  const INVALID_EMAIL = 'xx:;x@x.x';

  it('every admin endpoint that takes an e-mail refuses a malformed one with 400 validation_failed', async () => {
    const admin = adminClient(project);
    const invalid = {
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    };
    expect(
      (await admin.auth.admin.createUser({ email: INVALID_EMAIL, password: 'Passord-1!' })).error,
    ).toMatchObject(invalid);
    expect((await admin.auth.admin.inviteUserByEmail(INVALID_EMAIL)).error).toMatchObject(invalid);
    const link = await admin.auth.admin.generateLink({
      type: 'signup',
      email: INVALID_EMAIL,
      password: 'Passord-1!',
    });
    expect(link.error).toMatchObject(invalid);
    expect(link.data.properties).toBeNull();
    const { user } = await signedInUser(project, 'admin-email');
    expect((await admin.auth.admin.updateUserById(user.id, { email: INVALID_EMAIL })).error).toMatchObject(
      invalid,
    );
  });

  it('listUsers refuses page numbers that are not whole numbers (400 «Bad Pagination Parameters»)', async () => {
    const admin = adminClient(project);
    const negative = await admin.auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(negative.data.users).toEqual([]);
    expect(negative.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(negative.error?.message).toMatch(/^Bad Pagination Parameters: /);
    for (const query of ['page=abc', 'per_page=1.5', 'per_page=-3']) {
      const answer = await call(project, `/admin/users?${query}`, { key: SERVICE_ROLE_KEY });
      expect(answer).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    }
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
  });
});

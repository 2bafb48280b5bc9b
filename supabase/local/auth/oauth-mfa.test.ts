/** Conformance: the local Google provider page (PKCE and implicit), identities, MFA TOTP. */
import * as OTPAuth from 'otpauth';
import {
  anonClient,
  jwtClaims,
  signedInUser,
  STRONG_PASSWORD,
  uniqueEmail,
  adminClient,
  completeProviderPage,
} from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  // Unlinking is manual linking, which GoTrue allows only when config.toml enables it.
  platform = await startTestPlatform({
    configure: (config) => ({ ...config, auth: { ...config.auth, manualLinking: true } }),
  });
});
afterAll(async () => {
  await platform.stop();
});
afterEach(() => platform.clock.reset());

/** The provider page is Norwegian and its fields are labelled. */
function checkPage(html: string): void {
  expect(html).toContain('lang="nb"');
  expect(html).toContain('<label for="email">');
}

test('PKCE: signInWithOAuth → provider page → ?code= → exchangeCodeForSession', async () => {
  const client = anonClient(platform, 'pkce');
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  expect(data.url).toContain('code_challenge=');
  const email = uniqueEmail('google');
  const back = await completeProviderPage(
    data.url ?? '',
    { identity: 'custom', email, full_name: 'Gro Google', picture: 'https://example.com/gro.png' },
    checkPage,
  );
  expect(back.origin + back.pathname).toBe('http://localhost:5173/auth/callback');
  const exchanged = await client.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
  expect(exchanged.error).toBeNull();
  const user = exchanged.data.user;
  expect(user?.email).toBe(email);
  expect(user?.app_metadata.provider).toBe('google');
  expect(user?.identities?.[0]?.provider).toBe('google');
  expect(user?.user_metadata).toMatchObject({
    full_name: 'Gro Google',
    name: 'Gro Google',
    picture: 'https://example.com/gro.png',
    avatar_url: 'https://example.com/gro.png',
    email,
    email_verified: true,
  });
  expect(jwtClaims(exchanged.data.session?.access_token ?? '').amr).toEqual([
    { method: 'oauth', timestamp: expect.any(Number) as unknown },
  ]);
  // A wrong verifier is refused.
  const again = anonClient(platform, 'pkce');
  const second = await again.auth.signInWithOAuth({
    provider: 'google',
    options: { skipBrowserRedirect: true },
  });
  const location = await completeProviderPage(second.data.url ?? '', { identity: 'kari' });
  const response = await fetch(`${platform.url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth_code: location.searchParams.get('code'), code_verifier: 'x'.repeat(43) }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ error_code: 'bad_code_verifier' });
});

test('implicit flow: tokens in the fragment; a foreign redirect_to lands on the site URL', async () => {
  const client = anonClient(platform);
  const { data } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo: 'https://evil.example.com/', skipBrowserRedirect: true },
  });
  const back = await completeProviderPage(data.url ?? '', { identity: 'ola' });
  expect(back.href.startsWith(platform.config.siteUrl)).toBe(true);
  const fragment = new URLSearchParams(back.hash.slice(1));
  expect(fragment.get('token_type')).toBe('bearer');
  const session = await client.auth.setSession({
    access_token: fragment.get('access_token') ?? '',
    refresh_token: fragment.get('refresh_token') ?? '',
  });
  expect(session.error).toBeNull();
  expect(session.data.user?.email).toBe('ola.nordmann@example.com');
  expect(session.data.user?.user_metadata.full_name).toBe('Ola Nordmann');
});

test('unknown provider is a 400', async () => {
  const response = await fetch(`${platform.url}/auth/v1/authorize?provider=myspace`);
  expect(response.status).toBe(400);
});

test('identities: Google links to the e-mail account; unlinking works until one is left', async () => {
  const { email, client } = await signedInUser(platform, 'link');
  const oauth = anonClient(platform, 'pkce');
  const { data } = await oauth.auth.signInWithOAuth({
    provider: 'google',
    options: { skipBrowserRedirect: true },
  });
  const back = await completeProviderPage(data.url ?? '', { identity: 'custom', email, full_name: 'Linket' });
  const exchanged = await oauth.auth.exchangeCodeForSession(back.searchParams.get('code') ?? '');
  expect(exchanged.error).toBeNull();
  expect(exchanged.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual([
    'email',
    'google',
  ]);
  expect(exchanged.data.user?.app_metadata.providers).toEqual(['email', 'google']);

  const { data: identities } = await client.auth.getUserIdentities();
  const google = identities?.identities.find((identity) => identity.provider === 'google');
  const emailIdentity = identities?.identities.find((identity) => identity.provider === 'email');
  if (!google || !emailIdentity) throw new Error('identities missing');
  expect((await client.auth.unlinkIdentity(google)).error).toBeNull();
  const last = await client.auth.unlinkIdentity(emailIdentity);
  expect(last.error?.code).toBe('single_identity_not_deletable');
  const { data: after } = await client.auth.getUser();
  expect(after.user?.app_metadata.providers).toEqual(['email']);
});

describe('MFA (TOTP)', () => {
  test('enroll → challenge → verify gives aal2; unenroll needs aal2', async () => {
    const { client, session } = await signedInUser(platform, 'mfa');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data;
    if (factor?.type !== 'totp') throw new Error('no totp factor');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');

    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(factor.totp.secret),
      digits: 6,
      period: 30,
    });
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: totp.generate() === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: totp.generate(),
    });
    expect(verified.error).toBeNull();
    const claims = jwtClaims(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(jwtClaims(session.access_token).session_id);
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((entry) => entry.id)).toEqual([factor.id]);

    // A fresh password sign-in is aal1 and needs aal2 next.
    const other = anonClient(platform);
    const { data: otherSession } = await other.auth.signInWithPassword({
      email: verified.data?.user.email ?? '',
      password: STRONG_PASSWORD,
    });
    expect(jwtClaims(otherSession.session?.access_token ?? '').aal).toBe('aal1');
    const level = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.nextLevel).toBe('aal2');
    const refused = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.code).toBe('insufficient_aal');
    // challengeAndVerify in one call.
    const stepUp = await other.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() });
    expect(stepUp.error).toBeNull();
    const removed = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect((await other.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  test('a challenge expires', async () => {
    const { client } = await signedInUser(platform, 'mfa-expiry');
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    if (data?.type !== 'totp') throw new Error('no factor');
    const challenge = await client.auth.mfa.challenge({ factorId: data.id });
    platform.clock.advance(301);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(data.totp.secret) });
    const result = await client.auth.mfa.verify({
      factorId: data.id,
      challengeId: challenge.data?.id ?? '',
      code: totp.generate({ timestamp: platform.clock.now().getTime() }),
    });
    expect(result.error?.code).toBe('mfa_challenge_expired');
  });
});

describe('admin API', () => {
  test('create (email_confirm), get, update, list with pagination, delete', async () => {
    const admin = adminClient(platform);
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Admin Laget' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.app_metadata).toMatchObject({
      plan: 'pro',
      provider: 'email',
      providers: ['email'],
    });
    const duplicate = await admin.auth.admin.createUser({ email, password: STRONG_PASSWORD });
    expect(duplicate.error?.code).toBe('email_exists');
    expect(duplicate.error?.status).toBe(422);

    const signIn = await anonClient(platform).auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signIn.error).toBeNull();
    expect(jwtClaims(signIn.data.session?.access_token ?? '').app_metadata).toMatchObject({ plan: 'pro' });

    const fetched = await admin.auth.admin.getUserById(id);
    expect(fetched.data.user?.user_metadata.full_name).toBe('Admin Laget');
    const updated = await admin.auth.admin.updateUserById(id, { user_metadata: { role_hint: 'owner' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Admin Laget', role_hint: 'owner' });

    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    const pagination = page.data as { total?: number; nextPage?: number | null };
    expect(pagination.total).toBeGreaterThan(2);
    expect(pagination.nextPage).toBe(2);

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
  });

  test('the anon key and user tokens are not admins', async () => {
    const anon = anonClient(platform);
    const refused = await anon.auth.admin.listUsers();
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('not_admin');
    const { session } = await signedInUser(platform, 'not-admin');
    const response = await fetch(`${platform.url}/auth/v1/admin/users`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(403);
  });
});

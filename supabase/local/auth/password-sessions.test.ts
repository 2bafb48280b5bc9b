/**
 * Conformance: sign-up, password sign-in, sessions, refresh rotation and reuse detection, user
 * updates, logout scopes, and the JWT working in the database — through the real supabase-js.
 */
import { isAuthApiError, isAuthSessionMissingError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import {
  adminClient,
  anonClient,
  jwtClaims,
  lastMessage,
  oobCode,
  otpCode,
  signedInUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.stop();
});
afterEach(() => platform.clock.reset());

describe('signUp', () => {
  test('with confirmations on: user without session, metadata kept, confirmation e-mail sent', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient(platform);
    const { data, error } = await client.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { full_name: 'Kari Test' }, emailRedirectTo: 'http://localhost:5173/velkommen' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Kari Test');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities).toHaveLength(1);
    const message = await lastMessage(platform, email, 'confirmation');
    expect(message.html).toContain('/auth/management?mode=verifyEmail');
    expect(otpCode(message)).toMatch(/^\d{6}$/);

    // Unconfirmed: password sign-in is refused with GoTrue's code.
    const refused = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(refused.error?.code).toBe('email_not_confirmed');
    expect(refused.error?.status).toBe(400);

    // The round trip the app's management route does.
    const verified = await client.auth.verifyOtp({ token_hash: oobCode(message), type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();

    const signedIn = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.id).toBe(data.user?.id);
  });

  test('weak password: 422 weak_password with reasons', async () => {
    const { error } = await anonClient(platform).auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    if (isAuthWeakPasswordError(error)) expect(error.reasons).toEqual(['length', 'characters']);
    const onlyCharacters = await anonClient(platform).auth.signUp({
      email: uniqueEmail(),
      password: 'alllowercase',
    });
    if (!isAuthWeakPasswordError(onlyCharacters.error)) throw new Error('expected weak password');
    expect(onlyCharacters.error.reasons).toEqual(['characters']);
  });

  test('an already confirmed address gets an obfuscated user (no identities), not an error', async () => {
    const { email, user } = await signedInUser(platform, 'exists');
    const { data, error } = await anonClient(platform).auth.signUp({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(user.id);
  });

  test('a foreign redirect_to falls back to the site URL; an allow-listed one is kept', async () => {
    const foreign = uniqueEmail('foreign');
    await anonClient(platform).auth.signUp({
      email: foreign,
      password: STRONG_PASSWORD,
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    });
    const message = await lastMessage(platform, foreign);
    expect(message.html).not.toContain('evil.example.com');
    // The link flow (GET /verify) redirects to the site URL.
    const response = await fetch(
      `${platform.url}/auth/v1/verify?token=${oobCode(message)}&type=signup&redirect_to=${encodeURIComponent('https://evil.example.com/x')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(platform.config.siteUrl)).toBe(true);
    expect(location).toContain('#access_token=');
    expect(location).toContain('type=signup');

    const allowed = uniqueEmail('allowed');
    await anonClient(platform).auth.signUp({ email: allowed, password: STRONG_PASSWORD });
    const second = await lastMessage(platform, allowed);
    const kept = await fetch(
      `${platform.url}/auth/v1/verify?token=${oobCode(second)}&type=signup&redirect_to=${encodeURIComponent('http://fyllopp.localhost:5173/lag')}`,
      { redirect: 'manual' },
    );
    expect(kept.headers.get('location')).toMatch(/^http:\/\/fyllopp\.localhost:5173\/lag#access_token=/);
    // Used link: error in the fragment.
    const reused = await fetch(`${platform.url}/auth/v1/verify?token=${oobCode(second)}&type=signup`, {
      redirect: 'manual',
    });
    expect(reused.headers.get('location')).toContain('#error=access_denied&error_code=otp_expired');
  });

  test('resend is limited by max_frequency (429 over_email_send_rate_limit), then allowed', async () => {
    const email = uniqueEmail('resend');
    const client = anonClient(platform);
    await client.auth.signUp({ email, password: STRONG_PASSWORD });
    const tooSoon = await client.auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    platform.clock.advance(platform.config.auth.emailMaxFrequencySeconds + 1);
    const first = await lastMessage(platform, email);
    const again = await client.auth.resend({ type: 'signup', email });
    expect(again.error).toBeNull();
    const second = await lastMessage(platform, email);
    expect(second.id).not.toBe(first.id);
    // The old code was replaced.
    const old = await client.auth.verifyOtp({ token_hash: oobCode(first), type: 'signup' });
    expect(old.error?.code).toBe('otp_expired');
    const ok = await client.auth.verifyOtp({ email, token: otpCode(second), type: 'signup' });
    expect(ok.error).toBeNull();
  });

  test('phone sign-up sends an SMS code; verifying it signs in', async () => {
    const phone = `4798${String(Date.now()).slice(-6)}`;
    const client = anonClient(platform);
    const { data, error } = await client.auth.signUp({ phone: `+${phone}`, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone);
    const refused = await client.auth.signInWithPassword({ phone: `+${phone}`, password: STRONG_PASSWORD });
    expect(refused.error?.code).toBe('phone_not_confirmed');
    const sms = await lastMessage(platform, `+${phone}`);
    const verified = await client.auth.verifyOtp({ phone: `+${phone}`, token: otpCode(sms), type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
  });
});

describe('password sign-in and sessions', () => {
  test('wrong password and unknown user: 400 invalid_credentials', async () => {
    const { email } = await signedInUser(platform, 'wrong');
    const client = anonClient(platform);
    const wrong = await client.auth.signInWithPassword({ email, password: 'Feil-passord-1!' });
    expect(isAuthApiError(wrong.error)).toBe(true);
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: STRONG_PASSWORD,
    });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  test('the access token carries GoTrue claims and makes auth.uid() work in the database', async () => {
    const { session, user } = await signedInUser(platform, 'claims');
    const claims = jwtClaims(session.access_token);
    expect(claims).toMatchObject({
      iss: `${platform.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.session_id).toEqual(expect.any(String) as unknown);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) as unknown }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(platform.config.jwtExpirySeconds);
    expect(session.expires_in).toBe(platform.config.jwtExpirySeconds);

    const uid = await platform.db.transaction(async (tx) => {
      await tx.query('set local role authenticated');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      const { rows } = await tx.query<{ uid: string; role: string }>(
        'select auth.uid() as uid, auth.role() as role',
      );
      return rows[0];
    });
    expect(uid).toEqual({ uid: user.id, role: 'authenticated' });
  });

  test('the access token makes row-level security see the signed-in user only', async () => {
    const first = await signedInUser(platform, 'rls-a');
    const second = await signedInUser(platform, 'rls-b');
    await platform.db.exec(`
      create table if not exists public.rls_probe (owner uuid not null, note text not null);
      alter table public.rls_probe enable row level security;
      drop policy if exists "Owners read their rows" on public.rls_probe;
      create policy "Owners read their rows" on public.rls_probe for select to authenticated
        using (owner = (select auth.uid()));
    `);
    await platform.db.query('insert into public.rls_probe (owner, note) values ($1, $2), ($3, $4)', [
      first.user.id,
      'første',
      second.user.id,
      'andre',
    ]);

    const visibleTo = (claims: Record<string, unknown>, role: string) =>
      platform.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true)`, [role]);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        const { rows } = await tx.query<{ note: string }>('select note from public.rls_probe order by note');
        return rows.map((row) => row.note);
      });

    expect(await visibleTo(jwtClaims(first.session.access_token), 'authenticated')).toEqual(['første']);
    expect(await visibleTo(jwtClaims(second.session.access_token), 'authenticated')).toEqual(['andre']);
    expect(await visibleTo({ role: 'anon' }, 'anon')).toEqual([]);
  });

  test('getUser, and missing session errors', async () => {
    const { client, user } = await signedInUser(platform, 'getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const signedOut = anonClient(platform);
    const missing = await signedOut.auth.getUser();
    expect(isAuthSessionMissingError(missing.error)).toBe(true);
    const response = await fetch(`${platform.url}/auth/v1/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  test('refresh rotates the token; reuse inside the interval returns the same child; later reuse ends the session', async () => {
    const { client, session } = await signedInUser(platform, 'refresh');
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const child = first.data.session?.refresh_token ?? '';
    expect(child).not.toBe(session.refresh_token);
    expect(jwtClaims(first.data.session?.access_token ?? '').session_id).toBe(
      jwtClaims(session.access_token).session_id,
    );

    // Two tabs refreshing at once: the second gets the token the first got.
    const concurrent = await anonClient(platform).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(concurrent.error).toBeNull();
    expect(concurrent.data.session?.refresh_token).toBe(child);

    // Outside the reuse interval, presenting the old token again is theft: the family is revoked.
    platform.clock.advance(platform.config.auth.refreshTokenReuseIntervalSeconds + 1);
    const reused = await anonClient(platform).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.status).toBe(400);
    const childToo = await anonClient(platform).auth.refreshSession({ refresh_token: child });
    expect(childToo.error?.code).toBe('refresh_token_already_used');
    const user = await anonClient(platform).auth.getUser(first.data.session?.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);

    const unknown = await anonClient(platform).auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  test('updateUser: metadata merge, password change (same password refused, weak refused)', async () => {
    const { client, email } = await signedInUser(platform, 'update');
    const meta = await client.auth.updateUser({ data: { full_name: 'Ola', locale: 'nb' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ full_name: 'Ola', locale: 'nb' });
    const merged = await client.auth.updateUser({ data: { locale: null } });
    expect(merged.data.user?.user_metadata.full_name).toBe('Ola');
    expect(merged.data.user?.user_metadata).not.toHaveProperty('locale');

    const same = await client.auth.updateUser({ password: STRONG_PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    const changed = await client.auth.updateUser({ password: 'Nytt-Passord-77?' });
    expect(changed.error).toBeNull();
    const old = await anonClient(platform).auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anonClient(platform).auth.signInWithPassword({ email, password: 'Nytt-Passord-77?' });
    expect(fresh.error).toBeNull();
  });

  test('reauthenticate sends a code; updateUser with a wrong nonce is refused, the right one accepted', async () => {
    const { client, email } = await signedInUser(platform, 'reauth');
    const sent = await client.auth.reauthenticate();
    expect(sent.error).toBeNull();
    const message = await lastMessage(platform, email, 'reauthentication');
    const wrong = await client.auth.updateUser({ password: 'Annet-Passord-9!', nonce: '000000' });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const right = await client.auth.updateUser({ password: 'Annet-Passord-9!', nonce: otpCode(message) });
    expect(right.error).toBeNull();
  });

  test('secure e-mail change: both addresses must confirm', async () => {
    const { client, email } = await signedInUser(platform, 'change');
    const next = uniqueEmail('changed');
    const requested = await client.auth.updateUser({ email: next });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.new_email).toBe(next);
    const toNew = await lastMessage(platform, next, 'email_change');
    const toOld = await lastMessage(platform, email, 'email_change');
    const firstStep = await client.auth.verifyOtp({ token_hash: oobCode(toNew), type: 'email_change' });
    expect(firstStep.error).toBeNull();
    expect(firstStep.data.session).toBeNull();
    const secondStep = await client.auth.verifyOtp({ email, token: otpCode(toOld), type: 'email_change' });
    expect(secondStep.error).toBeNull();
    expect(secondStep.data.user?.email).toBe(next);
    const signIn = await anonClient(platform).auth.signInWithPassword({
      email: next,
      password: STRONG_PASSWORD,
    });
    expect(signIn.error).toBeNull();
  });

  test('logout scopes: local, others, global; invalid scope is 400', async () => {
    const { email } = await signedInUser(platform, 'logout');
    const devices = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const client = anonClient(platform);
        const { data } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
        return { client, token: data.session?.access_token ?? '' };
      }),
    );
    const [a, b, c, d] = devices as [
      (typeof devices)[0],
      (typeof devices)[0],
      (typeof devices)[0],
      (typeof devices)[0],
    ];
    const invalid = await fetch(`${platform.url}/auth/v1/logout?scope=everything`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${a.token}` },
    });
    expect(invalid.status).toBe(400);

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(isAuthSessionMissingError((await anonClient(platform).auth.getUser(a.token)).error)).toBe(true);
    expect((await anonClient(platform).auth.getUser(b.token)).error).toBeNull();

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await anonClient(platform).auth.getUser(b.token)).error).toBeNull();
    expect(isAuthSessionMissingError((await anonClient(platform).auth.getUser(c.token)).error)).toBe(true);

    const e = anonClient(platform);
    const { data } = await e.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    const raw = await fetch(`${platform.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` },
    });
    expect(raw.status).toBe(204);
    expect(isAuthSessionMissingError((await anonClient(platform).auth.getUser(b.token)).error)).toBe(true);
    expect(isAuthSessionMissingError((await anonClient(platform).auth.getUser(d.token)).error)).toBe(true);
  });

  test('a banned user cannot sign in', async () => {
    const { email, user } = await signedInUser(platform, 'banned');
    const admin = adminClient(platform);
    const banned = await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const refused = await anonClient(platform).auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(refused.error?.code).toBe('user_banned');
  });
});

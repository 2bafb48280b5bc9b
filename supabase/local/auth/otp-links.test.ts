/** Conformance: OTP / magic links, recovery, expiry, PKCE e-mail links — e-mail round trips through the outbox. */
import {
  adminClient,
  anonClient,
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

test('signInWithOtp for a new address creates the user; the code in the e-mail signs in', async () => {
  const email = uniqueEmail('otp-new');
  const client = anonClient(platform);
  const sent = await client.auth.signInWithOtp({ email, options: { data: { full_name: 'Ny Bruker' } } });
  expect(sent.error).toBeNull();
  const message = await lastMessage(platform, email);
  expect(message.kind).toBe('confirmation');
  const { data, error } = await client.auth.verifyOtp({ email, token: otpCode(message), type: 'email' });
  expect(error).toBeNull();
  expect(data.session?.user.email).toBe(email);
  expect(data.user?.user_metadata.full_name).toBe('Ny Bruker');
  expect(data.user?.email_confirmed_at).toBeTruthy();
});

test('magic link for an existing user: link (token_hash) and code are in the same e-mail', async () => {
  const { email } = await signedInUser(platform, 'magic');
  const client = anonClient(platform);
  expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
  const message = await lastMessage(platform, email, 'magic_link');
  expect(message.html).toContain('mode=signIn');
  expect(otpCode(message)).toMatch(/^\d{6}$/);
  const { data, error } = await client.auth.verifyOtp({ token_hash: oobCode(message), type: 'magiclink' });
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();
  // One use only.
  const again = await client.auth.verifyOtp({ token_hash: oobCode(message), type: 'magiclink' });
  expect(again.error?.code).toBe('otp_expired');
  expect(again.error?.status).toBe(403);
});

test('shouldCreateUser: false refuses unknown addresses (otp_disabled)', async () => {
  const { error } = await anonClient(platform).auth.signInWithOtp({
    email: uniqueEmail('nocreate'),
    options: { shouldCreateUser: false },
  });
  expect(error?.code).toBe('otp_disabled');
  expect(error?.status).toBe(422);
});

test('an expired code is refused with otp_expired', async () => {
  const { email } = await signedInUser(platform, 'expired');
  const client = anonClient(platform);
  await client.auth.signInWithOtp({ email });
  const message = await lastMessage(platform, email, 'magic_link');
  platform.clock.advance(platform.config.auth.otpExpirySeconds + 1);
  const { error } = await client.auth.verifyOtp({ email, token: otpCode(message), type: 'email' });
  expect(error?.code).toBe('otp_expired');
  const wrong = await client.auth.verifyOtp({ email, token: '000000', type: 'email' });
  expect(wrong.error?.code).toBe('otp_expired');
});

test('recovery: e-mail, verify → PASSWORD_RECOVERY session, then a new password', async () => {
  const { email } = await signedInUser(platform, 'recover');
  const client = anonClient(platform);
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  expect(
    (await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:5173/nytt-passord' }))
      .error,
  ).toBeNull();
  // Unknown addresses get the same answer.
  expect((await client.auth.resetPasswordForEmail(uniqueEmail('unknown'))).error).toBeNull();
  const message = await lastMessage(platform, email, 'recovery');
  expect(message.html).toContain('mode=resetPassword');
  const verified = await client.auth.verifyOtp({ token_hash: oobCode(message), type: 'recovery' });
  expect(verified.error).toBeNull();
  expect(events).toContain('PASSWORD_RECOVERY');
  expect((await client.auth.updateUser({ password: 'Gjenopprettet-1!' })).error).toBeNull();
  const signIn = await anonClient(platform).auth.signInWithPassword({ email, password: 'Gjenopprettet-1!' });
  expect(signIn.error).toBeNull();
});

test('PKCE e-mail link: GET /verify redirects with ?code=, exchangeCodeForSession signs in', async () => {
  const { email } = await signedInUser(platform, 'pkce-mail');
  const client = anonClient(platform, 'pkce');
  await client.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: 'http://localhost:5173/auth/callback' },
  });
  const message = await lastMessage(platform, email, 'magic_link');
  const hash = oobCode(message);
  expect(hash.startsWith('pkce_')).toBe(true);
  const response = await fetch(
    `${platform.url}/auth/v1/verify?token=${hash}&type=magiclink&redirect_to=${encodeURIComponent('http://localhost:5173/auth/callback')}`,
    { redirect: 'manual' },
  );
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.pathname).toBe('/auth/callback');
  const code = location.searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  const { data, error } = await client.auth.exchangeCodeForSession(code);
  expect(error).toBeNull();
  expect(data.session?.user.email).toBe(email);
  const replay = await client.auth.exchangeCodeForSession(code);
  expect(replay.error).not.toBeNull();
});

test('phone OTP: SMS code signs in; SMS frequency limit applies', async () => {
  const phone = `+4791${String(Date.now()).slice(-6)}`;
  const client = anonClient(platform);
  expect((await client.auth.signInWithOtp({ phone })).error).toBeNull();
  const sms = await lastMessage(platform, phone);
  expect(sms.channel).toBe('sms');
  const tooSoon = await client.auth.signInWithOtp({ phone });
  expect(tooSoon.error?.code).toBe('over_sms_send_rate_limit');
  const { data, error } = await client.auth.verifyOtp({ phone, token: otpCode(sms), type: 'sms' });
  expect(error).toBeNull();
  expect(data.session?.user.phone).toBe(phone.slice(1));
});

test('the project-wide hourly e-mail budget answers 429 when spent', async () => {
  const limited = await startTestPlatform({
    configure: (config) => ({
      ...config,
      auth: { ...config.auth, rateLimits: { ...config.auth.rateLimits, emailSent: 1 } },
    }),
  });
  try {
    const client = anonClient(limited);
    expect(
      (await client.auth.signUp({ email: uniqueEmail('budget'), password: STRONG_PASSWORD })).error,
    ).toBeNull();
    const second = await client.auth.signUp({ email: uniqueEmail('budget'), password: STRONG_PASSWORD });
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
  } finally {
    await limited.stop();
  }
});

test('admin generate_link produces a working action link and e-mail OTP', async () => {
  const admin = adminClient(platform);
  const email = uniqueEmail('link');
  const { data, error } = await admin.auth.admin.generateLink({
    type: 'signup',
    email,
    password: STRONG_PASSWORD,
    options: { redirectTo: 'http://localhost:5173/velkommen' },
  });
  expect(error).toBeNull();
  expect(data.properties?.verification_type).toBe('signup');
  expect(data.properties?.redirect_to).toBe('http://localhost:5173/velkommen');
  expect(data.user?.email).toBe(email);
  const response = await fetch(data.properties?.action_link ?? '', { redirect: 'manual' });
  expect(response.headers.get('location')).toMatch(/^http:\/\/localhost:5173\/velkommen#access_token=/);

  const { email: existing } = await signedInUser(platform, 'link-magic');
  const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email: existing });
  expect(magic.error).toBeNull();
  const verified = await anonClient(platform).auth.verifyOtp({
    email: existing,
    token: magic.data.properties?.email_otp ?? '',
    type: 'magiclink',
  });
  expect(verified.error).toBeNull();
  const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email: existing });
  const viaHash = await anonClient(platform).auth.verifyOtp({
    token_hash: recovery.data.properties?.hashed_token ?? '',
    type: 'recovery',
  });
  expect(viaHash.error).toBeNull();
  const invite = await admin.auth.admin.generateLink({ type: 'invite', email: uniqueEmail('invite') });
  expect(invite.error).toBeNull();
  const accepted = await anonClient(platform).auth.verifyOtp({
    token_hash: invite.data.properties?.hashed_token ?? '',
    type: 'invite',
  });
  expect(accepted.error).toBeNull();
  expect(accepted.data.user?.invited_at).toBeTruthy();
});

/**
 * The per-IP request limits as config.toml sets them (30 verifications and 30 sign-ins per 5 minutes):
 * a token bucket per client address, which X-Forwarded-For cannot change unless it comes from a
 * trusted proxy. The clock is frozen and moved by hand, so refills are counted exactly.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import type { PlatformConfig } from '../contracts.ts';
import { adminClient, lastMessage, otpCode, STRONG_PASSWORD, uniqueEmail } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { TokenBuckets } from './rate-limit.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** config.toml's limits, not the test platform's generous ones (and no GOTRUE_RATE_LIMIT_* from outside). */
const FILE_LIMITS = loadConfig(PROJECT_ROOT, {}).auth.rateLimits;
const BURST = FILE_LIMITS.tokenVerifications;

const withFileLimits = (trustedProxies: string[]) => (config: PlatformConfig) => ({
  ...config,
  trustedProxies,
  auth: { ...config.auth, rateLimits: FILE_LIMITS },
});

async function post(platform: TestPlatform, path: string, body: unknown, forwardedFor?: string) {
  const response = await fetch(`${platform.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { error_code?: string };
  return { status: response.status, code: payload.error_code };
}

/** A confirmed user with a fresh e-mail code: the address, the code, and a code that is not it. */
async function userWithCode(platform: TestPlatform): Promise<{ email: string; code: string; wrong: string }> {
  const email = uniqueEmail('guessed');
  const created = await adminClient(platform).auth.admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  expect((await post(platform, '/otp', { email })).status).toBe(200);
  const code = otpCode(await lastMessage(platform, email));
  return { email, code, wrong: code === '000000' ? '111111' : '000000' };
}

async function guesses(
  platform: TestPlatform,
  count: number,
  body: unknown,
  forwardedFor?: (i: number) => string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await post(platform, '/verify', body, forwardedFor?.(i))).status);
  }
  return statuses;
}

const repeat = (status: number, times: number) => Array.from({ length: times }, () => status);

describe('with config.toml’s limits and no trusted proxy', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ configure: withFileLimits([]) });
    platform.clock.freeze();
  });
  afterAll(async () => {
    await platform.stop();
  });
  // Five minutes refill every bucket: each test starts from full ones.
  beforeEach(() => platform.clock.advance(300));

  it('config.toml allows a burst of 30 verifications', () => {
    expect(BURST).toBe(30);
  });

  it('60 wrong one-time codes from one address: the burst is checked, then 429 — even for the right code', async () => {
    const { email, code, wrong } = await userWithCode(platform);
    const statuses = await guesses(platform, 60, { type: 'email', email, token: wrong });
    expect(statuses).toEqual([...repeat(403, BURST), ...repeat(429, 60 - BURST)]);
    const refused = await post(platform, '/verify', { type: 'email', email, token: code });
    expect(refused).toEqual({ status: 429, code: 'over_request_rate_limit' });
  });

  it('a rotating X-Forwarded-For buys no fresh bucket', async () => {
    const { email, wrong } = await userWithCode(platform);
    const statuses = await guesses(
      platform,
      60,
      { type: 'email', email, token: wrong },
      (i) => `198.51.100.${i + 1}`,
    );
    expect(statuses).toEqual([...repeat(403, BURST), ...repeat(429, 60 - BURST)]);
  });

  it('refills 30 per 5 minutes: 10 s after the burst exactly one more guess is checked', async () => {
    const { email, wrong } = await userWithCode(platform);
    const body = { type: 'email', email, token: wrong };
    expect(await guesses(platform, BURST + 1, body)).toEqual([...repeat(403, BURST), 429]);
    platform.clock.advance(9);
    expect(await guesses(platform, 1, body)).toEqual([429]);
    platform.clock.advance(1);
    expect(await guesses(platform, 2, body)).toEqual([403, 429]);
    platform.clock.advance(30);
    expect(await guesses(platform, 4, body)).toEqual([403, 403, 403, 429]);
  });

  it('60 wrong passwords from one address: the burst is checked, then 429', async () => {
    const email = uniqueEmail('password-guessed');
    await adminClient(platform).auth.admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
    });
    const burst = FILE_LIMITS.signInSignUps;
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 60; i++) {
      answers.push(
        (await post(platform, '/token?grant_type=password', { email, password: `Feil-${i}!` })).code,
      );
    }
    expect(answers).toEqual([
      ...Array.from({ length: burst }, () => 'invalid_credentials'),
      ...Array.from({ length: 60 - burst }, () => 'over_request_rate_limit'),
    ]);
  });

  it('sign-ups share the sign-in bucket; token refreshes have their own', async () => {
    const email = uniqueEmail('shared');
    for (let i = 0; i < FILE_LIMITS.signInSignUps; i++) {
      await post(platform, '/token?grant_type=password', { email, password: 'Feil-1!' });
    }
    const signup = await post(platform, '/signup', { email, password: STRONG_PASSWORD });
    expect(signup).toEqual({ status: 429, code: 'over_request_rate_limit' });
    const refresh = await post(platform, '/token?grant_type=refresh_token', { refresh_token: 'unknown' });
    expect(refresh.code).not.toBe('over_request_rate_limit');
  });
});

describe('behind a trusted proxy', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // The test's own requests come from loopback, which plays the proxy here.
    platform = await startTestPlatform({ configure: withFileLimits(['127.0.0.1', '::1']) });
    platform.clock.freeze();
  });
  afterAll(async () => {
    await platform.stop();
  });

  it('two forwarded clients have separate buckets; entries left of the proxy’s own are not read', async () => {
    const { email, wrong } = await userWithCode(platform);
    const body = { type: 'email', email, token: wrong };
    const first = await guesses(platform, BURST + 1, body, () => '203.0.113.10');
    expect(first).toEqual([...repeat(403, BURST), 429]);
    // A spoofed leftmost entry does not make the first client someone else.
    expect(await guesses(platform, 1, body, () => '192.0.2.99, 203.0.113.10')).toEqual([429]);
    expect(await guesses(platform, 1, body, () => '203.0.113.20')).toEqual([403]);
    // The proxy's own requests (no header) are a third client.
    expect(await guesses(platform, 1, body)).toEqual([403]);
  });
});

describe('TokenBuckets', () => {
  it('holds `capacity`, refills it per period, and keeps keys apart', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => new Date(now));
    const takes = (key: string, count: number) =>
      Array.from({ length: count }, () => buckets.take(key, 3, 300)).filter(Boolean).length;
    expect(takes('a', 5)).toBe(3);
    expect(takes('b', 5)).toBe(3);
    now += 99_999;
    expect(takes('a', 1)).toBe(0);
    now += 1;
    expect(takes('a', 2)).toBe(1);
    now += 3_600_000;
    expect(takes('a', 5)).toBe(3);
  });

  it('refills nothing when the clock goes back', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets(() => new Date(now));
    expect(buckets.take('a', 1, 300)).toBe(true);
    now -= 600_000;
    expect(buckets.take('a', 1, 300)).toBe(false);
  });

  it('forgets full buckets once there are many, so rotating keys cannot grow it without end', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => new Date(now));
    for (let i = 0; i < 10_000; i++) buckets.take(`old-${i}`, 1, 300);
    now += 300_000;
    buckets.take('new', 1, 300);
    const size = (buckets as unknown as { buckets: Map<string, unknown> }).buckets.size;
    expect(size).toBe(1);
    // A forgotten bucket was full, so forgetting it changed nothing.
    expect(buckets.take('old-1', 1, 300)).toBe(true);
  });
});

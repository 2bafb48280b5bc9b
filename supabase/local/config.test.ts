import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, loadSeedPaths, parseConfig, parseGoDuration } from './config.ts';
import { ANON_KEY, LOCAL_JWT_SECRET, SERVICE_ROLE_KEY, localApiKey } from './keys.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('loadConfig', () => {
  it('reads the project file: its values, and the CLI defaults where it is silent', () => {
    const config = loadConfig(projectRoot, {});
    expect(config).toMatchObject({
      apiPort: 54321,
      dbPort: 54322,
      outboxPort: 54324,
      siteUrl: 'http://localhost:5173',
      jwtSecret: LOCAL_JWT_SECRET,
      jwtExpirySeconds: 3600,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
    });
    expect(config.additionalRedirectUrls).toContain('http://fyllopp.localhost:5173/**');
    expect(config.auth).toEqual({
      enableSignup: true,
      emailConfirmations: true,
      smsConfirmations: true,
      minimumPasswordLength: 8,
      passwordRequirements: 'lower_upper_letters_digits_symbols',
      emailMaxFrequencySeconds: 60,
      smsMaxFrequencySeconds: 5,
      otpLength: 6,
      otpExpirySeconds: 3600,
      refreshTokenRotation: true,
      refreshTokenReuseIntervalSeconds: 10,
      mfaTotpEnroll: true,
      mfaTotpVerify: true,
      anonymousSignIns: false,
      manualLinking: false,
      maxEnrolledFactors: 10,
      signingKeys: [],
      // Per 5 minutes per IP for the last three (a bucket of that many), per hour for the first two.
      rateLimits: {
        emailSent: 100,
        smsSent: 30,
        tokenRefresh: 150,
        signInSignUps: 30,
        tokenVerifications: 30,
        anonymousUsers: 30,
      },
    });
    expect(config.trustedProxies).toEqual([]);
    // Videos of the media library are up to 200 MiB (docs/media.md).
    expect(config.storageFileSizeLimit).toBe(200 * 1024 * 1024);
  });

  it('says which folder it looked in when there is no config', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'config-'));
    try {
      expect(() => loadConfig(empty)).toThrow(/No Supabase config at .*supabase\/config\.toml/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});

describe('parseConfig', () => {
  it('falls back to the Supabase CLI defaults for an empty file', () => {
    const config = parseConfig('');
    expect(config.siteUrl).toBe('http://127.0.0.1:3000');
    expect(config.additionalRedirectUrls).toEqual([]);
    expect(config.auth).toMatchObject({
      emailConfirmations: false,
      minimumPasswordLength: 6,
      passwordRequirements: '',
      emailMaxFrequencySeconds: 1,
      mfaTotpEnroll: false,
      rateLimits: { emailSent: 2, smsSent: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30 },
    });
    expect(config.storageFileSizeLimit).toBe(50 * 1024 * 1024);
  });

  it('resolves env(NAME) values, and treats an unset variable as not configured', () => {
    const toml = `
      [auth]
      site_url = "env(SITE)"
      jwt_expiry = "env(EXPIRY)"
      additional_redirect_urls = ["env(EXTRA)", "http://x.test"]
      [auth.email]
      enable_confirmations = "env(CONFIRM)"
    `;
    const config = parseConfig(toml, { SITE: 'http://app.test', EXPIRY: '600', EXTRA: 'http://y.test' });
    expect(config.siteUrl).toBe('http://app.test');
    expect(config.jwtExpirySeconds).toBe(600);
    expect(config.additionalRedirectUrls).toEqual(['http://y.test', 'http://x.test']);
    expect(config.auth.emailConfirmations).toBe(false);
    expect(parseConfig(toml, {}).siteUrl).toBe('http://127.0.0.1:3000');
  });

  it('takes GoTrue’s GOTRUE_SITE_URL over config.toml’s site_url', () => {
    const toml = '[auth]\nsite_url = "http://localhost:5173"';
    expect(parseConfig(toml, { GOTRUE_SITE_URL: 'http://localhost:4173' }).siteUrl).toBe(
      'http://localhost:4173',
    );
    // Unset or empty: the file's value.
    expect(parseConfig(toml, { GOTRUE_SITE_URL: '' }).siteUrl).toBe('http://localhost:5173');
    expect(parseConfig(toml, {}).siteUrl).toBe('http://localhost:5173');
  });

  it('takes GoTrue’s GOTRUE_RATE_LIMIT_* variables over config.toml, in the same units', () => {
    const toml = '[auth.rate_limit]\nemail_sent = 100\nsign_in_sign_ups = 30\ntoken_verifications = 30';
    const config = parseConfig(toml, {
      GOTRUE_RATE_LIMIT_OTP: '1000',
      GOTRUE_RATE_LIMIT_VERIFY: '500',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '2000',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: '10000',
      GOTRUE_RATE_LIMIT_SMS_SENT: '2.5',
    });
    expect(config.auth.rateLimits).toEqual({
      emailSent: 10000,
      smsSent: 2.5,
      tokenRefresh: 2000,
      signInSignUps: 1000,
      tokenVerifications: 500,
      anonymousUsers: 30,
    });
    // Unset or empty: the file's value.
    expect(parseConfig(toml, { GOTRUE_RATE_LIMIT_OTP: '' }).auth.rateLimits.signInSignUps).toBe(30);
    expect(() => parseConfig(toml, { GOTRUE_RATE_LIMIT_VERIFY: 'lots' })).toThrow(
      /GOTRUE_RATE_LIMIT_VERIFY must be a non-negative number/,
    );
    expect(() => parseConfig(toml, { GOTRUE_RATE_LIMIT_EMAIL_SENT: '10/1h' })).toThrow(
      /GOTRUE_RATE_LIMIT_EMAIL_SENT/,
    );
  });

  it('reads trusted proxies from LEADTORGET_TRUSTED_PROXIES and refuses what is not an address or range', () => {
    expect(parseConfig('', {}).trustedProxies).toEqual([]);
    expect(
      parseConfig('', { LEADTORGET_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1  ::1,fd00::/8' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(() => parseConfig('', { LEADTORGET_TRUSTED_PROXIES: '10.0.0.0/8,localhost' })).toThrow(
      'LEADTORGET_TRUSTED_PROXIES: "localhost" is not an IP address or CIDR range',
    );
  });

  it('reads the outbox port from [local_smtp] (Supabase CLI 3) or [inbucket] (CLI 2)', () => {
    expect(parseConfig('[local_smtp]\nport = 1025').outboxPort).toBe(1025);
    expect(parseConfig('[inbucket]\nport = 2025').outboxPort).toBe(2025);
    expect(parseConfig('').outboxPort).toBe(54324);
  });

  it('re-signs the API keys when the file sets its own JWT secret', () => {
    const secret = 'another-secret-that-is-at-least-32-characters';
    const config = parseConfig(`[auth]\njwt_secret = "${secret}"`);
    expect(config.jwtSecret).toBe(secret);
    expect(config.anonKey).toBe(localApiKey('anon', secret));
    expect(config.anonKey).not.toBe(ANON_KEY);
  });

  it('reads the auth switches auth-js’s own suite sets: anonymous sign-ins, manual linking, factors', () => {
    const toml = `
      [auth]
      enable_anonymous_sign_ins = true
      enable_manual_linking = true
      [auth.rate_limit]
      anonymous_users = 100
      [auth.mfa]
      max_enrolled_factors = 3
    `;
    expect(parseConfig(toml, {}).auth).toMatchObject({
      anonymousSignIns: true,
      manualLinking: true,
      maxEnrolledFactors: 3,
      rateLimits: { anonymousUsers: 100 },
    });
    expect(parseConfig('', {}).auth).toMatchObject({ anonymousSignIns: false, manualLinking: false });
  });

  it('loads [auth] signing_keys_path relative to the supabase folder, and says which file is missing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'keys-'));
    try {
      mkdirSync(path.join(root, 'supabase'));
      const key = { kty: 'RSA', kid: 'k1', alg: 'RS256', n: 'x', e: 'AQAB', d: 'y' };
      writeFileSync(path.join(root, 'supabase', 'signing_keys.json'), JSON.stringify([key]));
      writeFileSync(
        path.join(root, 'supabase', 'config.toml'),
        '[auth]\nsigning_keys_path = "./signing_keys.json"\n',
      );
      expect(loadConfig(root, {}).auth.signingKeys).toEqual([key]);
      writeFileSync(
        path.join(root, 'supabase', 'config.toml'),
        '[auth]\nsigning_keys_path = "./nope.json"\n',
      );
      expect(() => loadConfig(root, {})).toThrow(/auth.signing_keys_path: .*nope\.json/);
    } finally {
      rmSync(root, { recursive: true });
    }
  });

  it('names the key and the expected type of a wrong value', () => {
    expect(() => parseConfig('[api]\nport = "abc"')).toThrow('api.port must be an integer, not "abc"');
    expect(() => parseConfig('[auth]\npassword_requirements = "strong"')).toThrow(
      /auth.password_requirements must be one of/,
    );
    expect(() => parseConfig('[auth.email]\nmax_frequency = 60')).toThrow(/duration string/);
    expect(() => parseConfig('[auth.email]\nmax_frequency = "soon"')).toThrow(/not a Go duration/);
  });
});

describe('loadSeedPaths', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'seeds-'));
    mkdirSync(path.join(root, 'supabase', 'seeds'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true }));

  it('is supabase/seed.sql when the config says nothing', () => {
    expect(loadSeedPaths(root)).toEqual([path.join(root, 'supabase', 'seed.sql')]);
  });

  it('follows [db.seed] sql_paths in order, expanding file-name patterns, and honours enabled', () => {
    for (const name of ['b.sql', 'a.sql', 'notes.txt'])
      writeFileSync(path.join(root, 'supabase', 'seeds', name), '');
    const config = path.join(root, 'supabase', 'config.toml');
    writeFileSync(config, '[db.seed]\nsql_paths = ["./first.sql", "./seeds/*.sql"]\n');
    expect(loadSeedPaths(root)).toEqual(
      ['first.sql', 'seeds/a.sql', 'seeds/b.sql'].map((file) => path.join(root, 'supabase', file)),
    );
    writeFileSync(config, '[db.seed]\nenabled = false\n');
    expect(loadSeedPaths(root)).toEqual([]);
  });
});

describe('parseGoDuration', () => {
  it.each([
    ['1m0s', 60],
    ['1s', 1],
    ['5s', 5],
    ['1h30m', 5400],
    ['1.5h', 5400],
    ['500ms', 0.5],
    ['0', 0],
    ['24h', 86400],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseGoDuration(text)).toBeCloseTo(seconds);
  });

  it.each(['', '10', '1 m', 'm', '1d'])('refuses %j', (text) => {
    expect(() => parseGoDuration(text)).toThrow(/not a Go duration/);
  });
});

describe('local keys', () => {
  it('are the strings `supabase start` prints', () => {
    expect(ANON_KEY).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
    expect(SERVICE_ROLE_KEY).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
    );
  });

  it('carry the service_role claims', () => {
    const payload: unknown = JSON.parse(
      Buffer.from(SERVICE_ROLE_KEY.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
  });
});

/**
 * Reads `supabase/config.toml` — the file `supabase start` reads — into the `PlatformConfig` the embedded
 * platform uses, so one file configures both stacks. Where the file is silent we use the Supabase CLI's
 * defaults (the values its `supabase init` template documents), not our own preferences.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type TomlTableWithoutBigInt, type TomlValueWithoutBigInt } from 'smol-toml';
import { parseTrustedProxy } from './client-ip.ts';
import type { PlatformConfig, SigningJwk } from './contracts.ts';
import { LOCAL_JWT_SECRET, localApiKey } from './keys.ts';
import { parseSize } from './storage/paths.ts';

type Table = TomlTableWithoutBigInt;
type Env = Record<string, string | undefined>;

const PASSWORD_REQUIREMENTS = [
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
] as const;

/**
 * GoTrue's variables for the auth rate limits (the names the Supabase CLI sets from config.toml's
 * `[auth.rate_limit]`; `sign_in_sign_ups` is GoTrue's RATE_LIMIT_OTP). Set in the platform's
 * environment, they win over config.toml, so one run (an end-to-end suite signing in from one
 * address) can raise a limit without loosening the file. Same units as the file.
 */
export const RATE_LIMIT_ENV = {
  emailSent: 'GOTRUE_RATE_LIMIT_EMAIL_SENT',
  smsSent: 'GOTRUE_RATE_LIMIT_SMS_SENT',
  tokenRefresh: 'GOTRUE_RATE_LIMIT_TOKEN_REFRESH',
  signInSignUps: 'GOTRUE_RATE_LIMIT_OTP',
  tokenVerifications: 'GOTRUE_RATE_LIMIT_VERIFY',
} as const;

/**
 * GoTrue's variable for the site URL: set, it wins over config.toml's `[auth] site_url`, so one run
 * (the e2e suite, which tests the built app on another port) gets e-mail links to the app it visits.
 */
export const SITE_URL_ENV = 'GOTRUE_SITE_URL';

/** An environment variable's value, or undefined when it is unset or empty. */
const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Comma-separated trusted proxies (`PlatformConfig.trustedProxies`); config.toml has no such key. */
export const TRUSTED_PROXIES_ENV = 'LEADTORGET_TRUSTED_PROXIES';

/** Loads `<projectRoot>/supabase/config.toml`; `env(NAME)` values come from `env` (default `process.env`). */
export function loadConfig(projectRoot = process.cwd(), env: Env = process.env): PlatformConfig {
  const file = path.join(projectRoot, 'supabase', 'config.toml');
  if (!existsSync(file)) {
    throw new Error(`No Supabase config at ${file}: pass the project root (the folder holding supabase/).`);
  }
  return parseConfig(readFileSync(file, 'utf8'), env, file);
}

/** The same as `loadConfig`, from TOML text (for tests and for callers that already read the file). */
export function parseConfig(toml: string, env: Env = process.env, source = 'config.toml'): PlatformConfig {
  const read = new ConfigReader(parse(toml, { integersAsBigInt: false }), env, source);
  const jwtSecret = read.string('auth.jwt_secret') ?? LOCAL_JWT_SECRET;
  const rateLimit = (field: keyof typeof RATE_LIMIT_ENV, key: string, fallback: number) =>
    envRate(env, RATE_LIMIT_ENV[field]) ?? read.integer(`auth.rate_limit.${key}`) ?? fallback;
  return {
    apiPort: read.integer('api.port') ?? 54321,
    dbPort: read.integer('db.port') ?? 54322,
    // Supabase CLI 3 names the section [local_smtp]; CLI 2 called it [inbucket].
    outboxPort: read.integer('local_smtp.port') ?? read.integer('inbucket.port') ?? 54324,
    siteUrl: nonEmpty(env[SITE_URL_ENV]) ?? read.string('auth.site_url') ?? 'http://127.0.0.1:3000',
    additionalRedirectUrls: read.stringList('auth.additional_redirect_urls') ?? [],
    jwtSecret,
    jwtExpirySeconds: read.integer('auth.jwt_expiry') ?? 3600,
    anonKey: localApiKey('anon', jwtSecret),
    serviceRoleKey: localApiKey('service_role', jwtSecret),
    trustedProxies: trustedProxies(env[TRUSTED_PROXIES_ENV]),
    storageFileSizeLimit: read.size('storage.file_size_limit') ?? 50 * 1024 * 1024,
    apiSchemas: read.stringList('api.schemas') ?? ['public', 'graphql_public'],
    apiMaxRows: read.integer('api.max_rows') ?? 1000,
    auth: {
      enableSignup: read.boolean('auth.enable_signup') ?? true,
      emailConfirmations: read.boolean('auth.email.enable_confirmations') ?? false,
      smsConfirmations: read.boolean('auth.sms.enable_confirmations') ?? false,
      minimumPasswordLength: read.integer('auth.minimum_password_length') ?? 6,
      passwordRequirements: read.oneOf('auth.password_requirements', PASSWORD_REQUIREMENTS) ?? '',
      emailMaxFrequencySeconds: read.duration('auth.email.max_frequency') ?? 1,
      smsMaxFrequencySeconds: read.duration('auth.sms.max_frequency') ?? 5,
      otpLength: read.integer('auth.email.otp_length') ?? 6,
      otpExpirySeconds: read.integer('auth.email.otp_expiry') ?? 3600,
      refreshTokenRotation: read.boolean('auth.enable_refresh_token_rotation') ?? true,
      refreshTokenReuseIntervalSeconds: read.integer('auth.refresh_token_reuse_interval') ?? 10,
      mfaTotpEnroll: read.boolean('auth.mfa.totp.enroll_enabled') ?? false,
      mfaTotpVerify: read.boolean('auth.mfa.totp.verify_enabled') ?? false,
      anonymousSignIns: read.boolean('auth.enable_anonymous_sign_ins') ?? false,
      manualLinking: read.boolean('auth.enable_manual_linking') ?? false,
      maxEnrolledFactors: read.integer('auth.mfa.max_enrolled_factors') ?? 10,
      signingKeys: signingKeys(read.string('auth.signing_keys_path'), source),
      rateLimits: {
        emailSent: rateLimit('emailSent', 'email_sent', 2),
        smsSent: rateLimit('smsSent', 'sms_sent', 30),
        tokenRefresh: rateLimit('tokenRefresh', 'token_refresh', 150),
        signInSignUps: rateLimit('signInSignUps', 'sign_in_sign_ups', 30),
        tokenVerifications: rateLimit('tokenVerifications', 'token_verifications', 30),
        anonymousUsers: read.integer('auth.rate_limit.anonymous_users') ?? 30,
      },
    },
  };
}

/**
 * The private JWKs of `[auth] signing_keys_path` (relative to the supabase folder, as the CLI reads
 * it). A named file that is missing or not a JSON array stops the start, as it stops `supabase start`.
 */
function signingKeys(file: string | undefined, source: string): SigningJwk[] {
  if (file === undefined || file === '') return [];
  const resolved = path.resolve(path.dirname(source), file);
  let keys: unknown;
  try {
    keys = JSON.parse(readFileSync(resolved, 'utf8'));
  } catch (error) {
    throw new Error(`${source}: auth.signing_keys_path: ${resolved}: ${(error as Error).message}`);
  }
  if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'object' && key !== null)) {
    throw new Error(`${source}: auth.signing_keys_path: ${resolved} must hold a JSON array of JWKs`);
  }
  return keys as SigningJwk[];
}

/** A GOTRUE_RATE_LIMIT_* value: a non-negative number, as GoTrue reads it (fractions allowed). */
function envRate(env: Env, name: string): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  // GoTrue also takes "<events>/<duration>" for the e-mail and SMS budgets; nobody here needs it.
  if (!/^\d+(?:\.\d+)?$/.test(text)) {
    throw new Error(
      `${name} must be a non-negative number (the limit in config.toml's units), not "${text}"`,
    );
  }
  return Number(text);
}

/** LEADTORGET_TRUSTED_PROXIES: addresses or CIDR ranges separated by commas or spaces. */
function trustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    try {
      parseTrustedProxy(entry);
    } catch (error) {
      throw new Error(`${TRUSTED_PROXIES_ENV}: ${(error as Error).message}`);
    }
  }
  return entries;
}

/**
 * The seed files `supabase db reset` would run: `[db.seed] sql_paths` (default ["./seed.sql"]), relative
 * to the supabase folder, in order; `*` and `?` match within a file name. Empty when `enabled = false`.
 */
export function loadSeedPaths(projectRoot = process.cwd(), env: Env = process.env): string[] {
  const supabaseDir = path.join(projectRoot, 'supabase');
  const file = path.join(supabaseDir, 'config.toml');
  const read = existsSync(file)
    ? new ConfigReader(parse(readFileSync(file, 'utf8'), { integersAsBigInt: false }), env, file)
    : undefined;
  if (read?.boolean('db.seed.enabled') === false) return [];
  const patterns = read?.stringList('db.seed.sql_paths') ?? ['./seed.sql'];
  return patterns.flatMap((pattern) => expandPattern(path.resolve(supabaseDir, pattern)));
}

/** A bucket of config.toml `[storage.buckets.<id>]`: what `supabase start` creates and fills. */
export interface BucketConfig {
  id: string;
  public?: boolean;
  fileSizeLimit?: number;
  allowedMimeTypes?: string[];
  /** Absolute; `objects_path` is relative to the supabase folder. Its files are uploaded by relative path. */
  objectsPath?: string;
}

/** The `[storage.buckets.<id>]` sections of config.toml (none without the file). */
export function loadBucketConfigs(projectRoot = process.cwd(), env: Env = process.env): BucketConfig[] {
  const supabaseDir = path.join(projectRoot, 'supabase');
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return [];
  const read = new ConfigReader(parse(readFileSync(file, 'utf8'), { integersAsBigInt: false }), env, file);
  return read.tableKeys('storage.buckets').map((id) => {
    const key = `storage.buckets.${id}`;
    const objectsPath = read.string(`${key}.objects_path`);
    return {
      id,
      public: read.boolean(`${key}.public`),
      fileSizeLimit: read.size(`${key}.file_size_limit`),
      allowedMimeTypes: read.stringList(`${key}.allowed_mime_types`),
      objectsPath: objectsPath === undefined ? undefined : path.resolve(supabaseDir, objectsPath),
    };
  });
}

/** A path, or the sorted matches of a file-name pattern in its folder (missing folder: none). */
function expandPattern(pattern: string): string[] {
  const name = path.basename(pattern);
  if (!/[*?]/.test(name)) return [pattern];
  const dir = path.dirname(pattern);
  if (!existsSync(dir)) return [];
  const regex = new RegExp(
    `^${name
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
      .replaceAll('?', '.')}$`,
  );
  return readdirSync(dir)
    .filter((entry) => regex.test(entry))
    .sort()
    .map((entry) => path.join(dir, entry));
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Seconds in a Go duration string ("1m0s", "1h30m", "1.5s", "500ms"), the format the CLI's config uses. */
export function parseGoDuration(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  let seconds = 0;
  let at = 0;
  while (at < trimmed.length) {
    part.lastIndex = at;
    const match = part.exec(trimmed);
    if (!match) throw new Error(`"${text}" is not a Go duration (e.g. "1m0s", "30s", "1h")`);
    seconds += Number(match[1]) * (DURATION_UNITS[match[2] ?? ''] ?? Number.NaN);
    at = part.lastIndex;
  }
  if (at === 0 || !Number.isFinite(seconds)) {
    throw new Error(`"${text}" is not a Go duration (e.g. "1m0s", "30s", "1h")`);
  }
  return seconds;
}

/** Typed, path-based access to the parsed TOML, with the CLI's `env(NAME)` substitution. */
class ConfigReader {
  constructor(
    private readonly root: Table,
    private readonly env: Env,
    private readonly source: string,
  ) {}

  string(key: string): string | undefined {
    const value = this.value(key);
    if (value === undefined || typeof value === 'string') return value;
    throw this.error(key, 'a string', value);
  }

  stringList(key: string): string[] | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw this.error(key, 'a list of strings', value);
    return value.flatMap((item, index) => {
      if (typeof item !== 'string') throw this.error(`${key}[${index}]`, 'a string', item);
      // An item naming an unset variable adds nothing, like an unset scalar.
      const resolved = this.substitute(item);
      return resolved === undefined ? [] : [resolved];
    });
  }

  integer(key: string): number | undefined {
    const value = this.value(key);
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (number === undefined || (typeof number === 'number' && Number.isInteger(number))) return number;
    throw this.error(key, 'an integer', value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.value(key);
    if (value === undefined || typeof value === 'boolean') return value;
    // env() values arrive as text.
    if (value === 'true' || value === 'false') return value === 'true';
    throw this.error(key, 'true or false', value);
  }

  /** A size such as "200MiB" or a number of bytes, as the CLI reads `file_size_limit`. */
  size(key: string): number | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    try {
      return parseSize(value) ?? undefined;
    } catch {
      throw this.error(key, 'a size such as "50MiB"', value);
    }
  }

  /** A Go duration string, in seconds. A bare number is refused: the CLI would read it as nanoseconds. */
  duration(key: string): number | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw this.error(key, 'a duration string such as "1m0s"', value);
    try {
      return parseGoDuration(value);
    } catch (error) {
      throw new Error(`${this.source}: ${key}: ${(error as Error).message}`);
    }
  }

  oneOf<const T extends readonly string[]>(key: string, allowed: T): T[number] | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const match = allowed.find((option) => option === value);
    if (match === undefined)
      throw this.error(key, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`, value);
    return match;
  }

  /** The value at a dotted path; `env(NAME)` resolved, and an unset variable counts as "not configured". */
  /** The names of a table's sub-tables (`[storage.buckets.<name>]` → the names). */
  tableKeys(key: string): string[] {
    const value = this.value(key);
    if (value === undefined) return [];
    if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
      throw this.error(key, 'a table', value);
    }
    return Object.keys(value);
  }

  private value(key: string): TomlValueWithoutBigInt | undefined {
    let node: TomlValueWithoutBigInt | undefined = this.root;
    for (const segment of key.split('.')) {
      if (node === undefined || typeof node !== 'object' || Array.isArray(node) || node instanceof Date) {
        return undefined;
      }
      node = node[segment];
    }
    return typeof node === 'string' ? this.substitute(node) : node;
  }

  private substitute(value: string): string | undefined {
    const match = /^env\((\w+)\)$/.exec(value.trim());
    return match ? this.env[match[1] ?? ''] : value;
  }

  private error(key: string, expected: string, actual: unknown): Error {
    return new Error(`${this.source}: ${key} must be ${expected}, not ${JSON.stringify(actual)}`);
  }
}

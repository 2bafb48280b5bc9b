/**
 * The seams between the parts of the embedded platform (supabase/local/README.md). Each part is built and
 * tested on its own against these; `platform.ts` wires the real ones together.
 */

/** One database, used in-process (PGlite) or over the wire (pg, for plain PostgreSQL 15). */
export interface Db {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; affectedRows?: number }>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Pick<Db, 'query'>) => Promise<T>): Promise<T>;
  /** Several statements in one string (bootstrap, migrations, seed); no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** What the platform sends instead of real e-mail and SMS; kept in the outbox (port 54324). */
export type OutgoingMessage =
  | { channel: 'email'; to: string; subject: string; html: string; text: string; kind: EmailKind }
  | { channel: 'sms'; to: string; text: string; kind: 'sms_otp' | 'phone_change' };

/**
 * The e-mails GoTrue sends, by its template names. Links point into the app:
 * `{site}/auth/management?mode=<mode>&oobCode=<token_hash>` — see `managementModes`.
 */
export type EmailKind =
  'confirmation' | 'magic_link' | 'recovery' | 'email_change' | 'invite' | 'reauthentication';

/** The app's account-management modes (Firebase-style names) and the GoTrue verify types they mean. */
export const managementModes = {
  verifyEmail: 'signup',
  signIn: 'magiclink',
  resetPassword: 'recovery',
  verifyAndChangeEmail: 'email_change',
  acceptInvite: 'invite',
} as const;

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/** A private JSON Web Key as `signing_keys_path` holds it (RSA or EC). */
export interface SigningJwk {
  kty?: string;
  kid?: string;
  alg?: string;
  [member: string]: unknown;
}

/** Values every part reads, from supabase/config.toml where it says something (see config.ts). */
export interface PlatformConfig {
  apiPort: number; // 54321
  dbPort: number; // 54322
  outboxPort: number; // 54324
  /** Where the app runs; default redirect and base of e-mail links. */
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  /**
   * Proxies whose X-Forwarded-For entries are believed: addresses or CIDR ranges, IPv4 or IPv6
   * (LEADTORGET_TRUSTED_PROXIES). Empty, the default: a request's client is its socket peer.
   */
  trustedProxies: string[];
  /** The largest upload any bucket takes (config.toml `[storage] file_size_limit`; CLI default 50 MiB). */
  storageFileSizeLimit: number;
  /** The schemas the data API exposes (config.toml `[api] schemas`; the first is the default profile). */
  apiSchemas: string[];
  /** config.toml `[api] max_rows` (the CLI's 1000 when absent): where `Prefer: count=estimated` stops counting. */
  apiMaxRows: number;
  auth: {
    enableSignup: boolean;
    emailConfirmations: boolean;
    smsConfirmations: boolean;
    minimumPasswordLength: number;
    passwordRequirements:
      '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';
    /** Minimum seconds between e-mails to one address (auth.email.max_frequency). */
    emailMaxFrequencySeconds: number;
    smsMaxFrequencySeconds: number;
    otpLength: number;
    otpExpirySeconds: number;
    refreshTokenRotation: boolean;
    refreshTokenReuseIntervalSeconds: number;
    mfaTotpEnroll: boolean;
    mfaTotpVerify: boolean;
    /** `POST /signup` without an address signs in anonymously (`[auth] enable_anonymous_sign_ins`). */
    anonymousSignIns: boolean;
    /** `linkIdentity` / `unlinkIdentity` are allowed (`[auth] enable_manual_linking`). */
    manualLinking: boolean;
    /** Most factors one user may enrol (`[auth.mfa] max_enrolled_factors`). */
    maxEnrolledFactors: number;
    /**
     * Asymmetric signing keys (`[auth] signing_keys_path`, a JSON array of private JWKs): access
     * tokens are signed with the first and `/.well-known/jwks.json` publishes their public halves.
     * Empty: HS256 with `jwtSecret`, as `supabase start` without the key.
     */
    signingKeys: SigningJwk[];
    /**
     * Rate limits (auth.rate_limit.*; GoTrue's GOTRUE_RATE_LIMIT_* variables override them).
     * `tokenRefresh`, `signInSignUps`, `tokenVerifications`: requests per 5 minutes per client IP, as a
     * token bucket that holds that many (the burst) and refills that many per 300 s.
     * `emailSent`, `smsSent`: messages per hour for the whole project.
     */
    rateLimits: {
      emailSent: number;
      smsSent: number;
      tokenRefresh: number;
      signInSignUps: number;
      tokenVerifications: number;
      /** Anonymous sign-ins per hour per client IP (`anonymous_users`). */
      anonymousUsers: number;
    };
  };
}

/**
 * The auth service's shared state: its dependencies (database, configuration, mailer, clock), the
 * rate limiters, and the per-request context handed to each route.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientIpResolver, type ClientIpResolver } from '../client-ip.ts';
import type { Db, Mailer, OutgoingMessage, PlatformConfig } from '../contracts.ts';
import { BodyError, isRecord, readBody, sendJson } from '../http.ts';
import { AuthError, API_VERSION_2024, API_VERSION_HEADER, badRequest, requestApiVersion } from './errors.ts';
import { HourlyLimiter, TokenBuckets } from './rate-limit.ts';
import { TokenSigner } from './signing.ts';

/** The configured per-IP request limits (`PlatformConfig.auth.rateLimits`), per 5 minutes. */
export type RequestLimit = 'signInSignUps' | 'tokenRefresh' | 'tokenVerifications';

/**
 * The buckets: GoTrue gives these endpoints limiters of their own, at the rate of the `RequestLimit`
 * they are checked against. Sign-ups and password sign-ins share one, as config.toml's
 * `sign_in_sign_ups` describes them.
 */
export type RequestBucket = RequestLimit | 'otp' | 'recover' | 'resend' | 'userUpdate';

const FIVE_MINUTES_S = 5 * 60;

/**
 * Postgres text cannot hold U+0000: a parameter with one fails with SQLSTATE 22021, JSON with
 * `\u0000` with 22P05. Such input is the client's mistake, so it is refused up front (bodies, query
 * strings) and, should one slip through elsewhere (a path segment), answered the same way.
 */
const NUL_SQLSTATES = new Set(['22021', '22P05']);

export const nulInput = () =>
  badRequest('validation_failed', 'Invalid input: text must not contain NUL (\\u0000) characters');

export function isNulRejection(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && NUL_SQLSTATES.has(code);
}

/** True when any string in a parsed body, key or value, at any depth, holds a NUL. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (isRecord(value))
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  return false;
}

export interface AuthDeps {
  db: Db;
  config: PlatformConfig;
  mailer: Mailer;
  /** The clock; tests inject one to expire tokens without waiting. */
  now?: () => Date;
  /**
   * Public URL of the API gateway (default `http://127.0.0.1:<apiPort>`): the JWT issuer is
   * `<externalUrl>/auth/v1` (GoTrue's API_EXTERNAL_URL + /auth/v1) and admin links point there.
   */
  externalUrl?: string;
  /**
   * auth.email.double_confirm_changes (config.toml; GoTrue's default true): an e-mail change must be
   * confirmed from both the old and the new address. Not part of PlatformConfig, hence here.
   */
  secureEmailChange?: boolean;
}

export class AuthService {
  readonly db: Db;
  readonly config: PlatformConfig;
  readonly mailer: Mailer;
  readonly now: () => Date;
  readonly externalUrl: string;
  readonly issuer: string;
  readonly secureEmailChange: boolean;
  /** Project-wide hourly budgets of e-mails and SMS sent. */
  readonly sendLimiter: HourlyLimiter;
  /** Per-IP token buckets of requests. */
  readonly requestLimiter: TokenBuckets;
  readonly clientIp: ClientIpResolver;
  /** Signs and verifies access tokens (HS256, or the configured signing keys). */
  readonly signer: TokenSigner;

  constructor(deps: AuthDeps) {
    this.db = deps.db;
    this.config = deps.config;
    this.mailer = deps.mailer;
    this.now = deps.now ?? (() => new Date());
    this.externalUrl = (deps.externalUrl ?? `http://127.0.0.1:${deps.config.apiPort}`).replace(/\/$/, '');
    this.issuer = `${this.externalUrl}/auth/v1`;
    this.secureEmailChange = deps.secureEmailChange ?? true;
    this.sendLimiter = new HourlyLimiter(this.now);
    this.requestLimiter = new TokenBuckets(this.now);
    this.clientIp = clientIpResolver(deps.config.trustedProxies);
    this.signer = new TokenSigner(deps.config.jwtSecret, deps.config.auth.signingKeys);
  }

  private readonly outgoing = new AsyncLocalStorage<OutgoingMessage[]>();

  /**
   * A database transaction whose e-mails and SMS are sent only after it commits. GoTrue sends
   * inside its transaction; we cannot, because the outbox writes through the same single-session
   * database (PGlite) — and sending after commit also means a rolled-back sign-up mails nothing.
   */
  async transaction<T>(work: (tx: Pick<Db, 'query'>) => Promise<T>): Promise<T> {
    const queue: OutgoingMessage[] = [];
    const result = await this.outgoing.run(queue, () => this.db.transaction(work));
    for (const message of queue) await this.mailer.send(message);
    return result;
  }

  /** Queues `message` when inside `transaction`, else sends it now. */
  async send(message: OutgoingMessage): Promise<void> {
    const queue = this.outgoing.getStore();
    if (queue) queue.push(message);
    else await this.mailer.send(message);
  }

  nowIso(): string {
    return this.now().toISOString();
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Per-IP request limits (N per 5 minutes, a burst of N) → 429 over_request_rate_limit. */
  checkRequestLimit(limit: RequestLimit, ip: string, bucket: RequestBucket = limit): void {
    if (!this.requestLimiter.take(`${bucket}:${ip}`, this.config.auth.rateLimits[limit], FIVE_MINUTES_S)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }
}

/** Everything a route needs about the current request. */
export class RequestContext {
  readonly url: URL;
  readonly ip: string;
  readonly apiVersion: string | null;
  readonly userAgent: string;

  constructor(
    readonly svc: AuthService,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
  ) {
    this.url = new URL(req.url ?? '/', 'http://localhost');
    this.ip = svc.clientIp(req);
    this.apiVersion = requestApiVersion(req.headers[API_VERSION_HEADER.toLowerCase()]);
    this.userAgent = req.headers['user-agent'] ?? '';
  }

  query(name: string): string | null {
    const value = this.url.searchParams.get(name);
    if (value?.includes('\0')) throw nulInput();
    return value;
  }

  /** The JSON body as an object; GoTrue's `bad_json` for anything else. */
  async body(options: { allowForm?: boolean } = {}): Promise<Record<string, unknown>> {
    let value: unknown;
    try {
      value = await readBody(this.req, options);
    } catch (error) {
      if (error instanceof BodyError) {
        if (error.reason === 'too_large') throw new AuthError(413, 'request_too_large', error.message);
        if (error.reason === 'content_type') throw new AuthError(415, 'bad_json', error.message);
        throw badRequest('bad_json', error.message);
      }
      throw error;
    }
    if (!isRecord(value))
      throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
    if (containsNul(value)) throw nulInput();
    return value;
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    sendJson(this.res, status, body, { [API_VERSION_HEADER]: API_VERSION_2024, ...headers });
  }

  noContent(): void {
    this.res.writeHead(204, { [API_VERSION_HEADER]: API_VERSION_2024 });
    this.res.end();
  }
}

/** Reads an optional string field; a present non-string is a 400 like GoTrue's JSON decoding. */
export function str(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be a string`);
  }
  return value;
}

export function bool(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be a boolean`);
  }
  return value;
}

export function obj(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${name} must be an object`);
  }
  return value;
}

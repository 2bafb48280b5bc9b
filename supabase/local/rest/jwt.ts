/**
 * Who is calling: the role and claims of the request's JWT (Authorization: Bearer, else the
 * `apikey` header), verified as HS256 with the project's secret. Anything else is a 401 like
 * PostgREST's (PGRST301 for a bad token, PGRST303 for rejected claims such as an expired `exp`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { RestError } from './errors.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export interface Caller {
  role: ApiRole;
  claims: Record<string, unknown>;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Verifies `token`; throws RestError 401 when it is not acceptable. */
export function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): Caller {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new RestError(401, 'PGRST301', 'Expected 3 parts in JWT; got ' + parts.length);
  }
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const head = decodeJson(headerPart);
  const claims = decodeJson(payloadPart);
  if (typeof head !== 'object' || head === null || typeof claims !== 'object' || claims === null) {
    throw new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
  if ((head as { alg?: unknown }).alg !== 'HS256') {
    throw new RestError(401, 'PGRST301', 'Wrong or unsupported encoding algorithm');
  }
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest('base64url'),
  );
  const given = Buffer.from(signaturePart);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new RestError(401, 'PGRST301', 'JWSError JWSInvalidSignature');
  }
  if (Array.isArray(claims)) throw new RestError(401, 'PGRST303', 'JWT claims are not an object');
  const record = claims as Record<string, unknown>;
  if (record.exp !== undefined && (typeof record.exp !== 'number' || record.exp < nowSeconds - 30)) {
    throw new RestError(401, 'PGRST303', 'JWT expired');
  }
  const role = record.role ?? 'anon';
  if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) {
    throw new RestError(401, 'PGRST303', `JWT role ${JSON.stringify(role)} is not allowed`);
  }
  return { role: role as ApiRole, claims: record };
}

/**
 * Verified tokens, so a client's repeated requests skip the HMAC and JSON decoding (like
 * PostgREST's JWT cache). Expiry is still checked on every use; only valid tokens are kept.
 */
export class TokenCache {
  private readonly entries = new Map<string, Caller>();

  constructor(
    readonly secret: string,
    private readonly maxEntries = 1000,
  ) {}

  verify(token: string, nowSeconds = Date.now() / 1000): Caller {
    const cached = this.entries.get(token);
    if (cached) {
      const exp = cached.claims.exp;
      if (typeof exp === 'number' && exp < nowSeconds - 30) {
        this.entries.delete(token);
        throw new RestError(401, 'PGRST303', 'JWT expired');
      }
      return cached;
    }
    const caller = verifyToken(token, this.secret, nowSeconds);
    if (this.maxEntries <= 0) return caller;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, caller);
    return caller;
  }
}

/**
 * The caller of a request: Bearer token first, then the apikey header; none → anonymous. `secret`
 * is the project's JWT secret, or a TokenCache holding it.
 */
export function callerOf(req: IncomingMessage, secret: string | TokenCache): Caller {
  const tokens = typeof secret === 'string' ? new TokenCache(secret, 0) : secret;
  const authorization = header(req, 'authorization');
  if (authorization !== undefined && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new RestError(401, 'PGRST301', 'Authorization header is not a Bearer token');
    return tokens.verify(match[1]);
  }
  const apikey = header(req, 'apikey');
  if (apikey !== undefined && apikey.trim() !== '') return tokens.verify(apikey.trim());
  return { role: 'anon', claims: { role: 'anon' } };
}

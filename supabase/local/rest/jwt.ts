/**
 * Who is calling: the role and claims of the request's JWT (Authorization: Bearer, else the
 * `apikey` header), verified as HS256 with the project's secret. Anything else is a 401 like
 * PostgREST's (PGRST301 for a bad token, PGRST303 for rejected claims such as an expired `exp`).
 */
import type { IncomingMessage } from 'node:http';
import { verifyJwt, type JwtFailure } from '../jwt.ts';
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

// PostgREST's wording of each refusal (PGRST301 for a bad token, PGRST303 for rejected claims).
const REFUSALS: Record<JwtFailure, [code: string, message: string]> = {
  malformed: ['PGRST301', 'JWSError JWSInvalidSignature'],
  algorithm: ['PGRST301', 'Wrong or unsupported encoding algorithm'],
  signature: ['PGRST301', 'JWSError JWSInvalidSignature'],
  claims: ['PGRST303', 'JWT claims are not an object'],
  expired: ['PGRST303', 'JWT expired'],
};

/** Verifies `token`; throws RestError 401 when it is not acceptable. */
export function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): Caller {
  // PostgREST allows 30 s of clock skew on `exp`.
  const result = verifyJwt(token, secret, nowSeconds, 30);
  if (!result.ok) {
    const [code, message] = REFUSALS[result.failure];
    const parts = token.split('.').length;
    throw new RestError(401, code, parts === 3 ? message : `Expected 3 parts in JWT; got ${parts}`);
  }
  const role = result.claims.role ?? 'anon';
  if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) {
    throw new RestError(401, 'PGRST303', `JWT role ${JSON.stringify(role)} is not allowed`);
  }
  return { role: role as ApiRole, claims: result.claims };
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

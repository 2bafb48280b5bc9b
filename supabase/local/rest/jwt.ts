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

/** The caller of a request: Bearer token first, then the apikey header; none → anonymous. */
export function callerOf(req: IncomingMessage, secret: string): Caller {
  const authorization = header(req, 'authorization');
  if (authorization !== undefined && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new RestError(401, 'PGRST301', 'Authorization header is not a Bearer token');
    return verifyToken(match[1], secret);
  }
  const apikey = header(req, 'apikey');
  if (apikey !== undefined && apikey.trim() !== '') return verifyToken(apikey.trim(), secret);
  return { role: 'anon', claims: { role: 'anon' } };
}

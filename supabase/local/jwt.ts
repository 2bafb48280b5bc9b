/**
 * HS256 JWTs with node:crypto — the only algorithm the local stack uses (the well-known secret of
 * `supabase start`). Verification rejects every other `alg` (notably `none`) and checks `exp`.
 * Shared by every service of the platform (auth, data API, storage) and the local keys.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown>;

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function signature(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${signature(secret, body)}`;
}

/** Why a token was refused; each service words it in its own error format. */
export type JwtFailure = 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired';

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; failure: JwtFailure; reason: string };

/** Verifies signature and expiry at `nowSeconds` (with `leewaySeconds` of clock skew). Never throws. */
export function verifyJwt(token: string, secret: string, nowSeconds: number, leewaySeconds = 0): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, failure: 'malformed', reason: 'token contains an invalid number of segments' };
  }
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, failure: 'malformed', reason: 'token is malformed' };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, failure: 'algorithm', reason: 'signing method is invalid' };
  }
  const expected = Buffer.from(signature(secret, `${headerPart}.${payloadPart}`));
  const given = Buffer.from(signaturePart);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, failure: 'signature', reason: 'signature is invalid' };
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    return { ok: false, failure: 'claims', reason: 'token claims are malformed' };
  }
  const record = claims as JwtClaims;
  if (
    record.exp !== undefined &&
    (typeof record.exp !== 'number' || record.exp < nowSeconds - leewaySeconds)
  ) {
    return { ok: false, failure: 'expired', reason: 'token has invalid claims: token is expired' };
  }
  return { ok: true, claims: record };
}

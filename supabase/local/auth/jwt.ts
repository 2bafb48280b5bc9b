/**
 * HS256 JWTs with node:crypto — the only algorithm the local stack uses (the well-known secret of
 * `supabase start`). Verification rejects every other `alg` (notably `none`) and checks `exp`.
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

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; reason: string };

/** Verifies signature and expiry at `nowSeconds`. Never throws. */
export function verifyJwt(token: string, secret: string, nowSeconds: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'token contains an invalid number of segments' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'token is malformed' };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, reason: 'signing method is invalid' };
  }
  const expected = Buffer.from(signature(secret, `${headerPart}.${payloadPart}`));
  const given = Buffer.from(signaturePart);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'signature is invalid' };
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    return { ok: false, reason: 'token claims are malformed' };
  }
  const record = claims as JwtClaims;
  if (typeof record.exp === 'number' && record.exp < nowSeconds) {
    return { ok: false, reason: 'token has invalid claims: token is expired' };
  }
  return { ok: true, claims: record };
}

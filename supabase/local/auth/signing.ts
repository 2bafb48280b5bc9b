/**
 * Access-token signing as GoTrue does it with `[auth] signing_keys_path`: tokens are signed with the
 * first key (RS256 or ES256, its `kid` in the header) and `/.well-known/jwks.json` publishes the
 * public halves, so clients verify them offline (auth-js `getClaims`). Tokens signed with the
 * project's JWT secret (the anon and service-role keys) stay valid beside them. Without keys this is
 * plain HS256 under the secret, as before.
 */
import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import type { SigningJwk } from '../contracts.ts';
import { signJwt, verifyJwt, type JwtClaims, type JwtResult } from '../jwt.ts';

type Algorithm = 'RS256' | 'ES256';

interface SigningKey {
  kid: string | undefined;
  alg: Algorithm;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** ES256 signatures in a JWT are r‖s (IEEE P1363), not DER. */
const dsaEncoding = (alg: Algorithm) => (alg === 'ES256' ? 'ieee-p1363' : undefined);

function loadKey(jwk: SigningJwk): SigningKey {
  const alg: Algorithm = jwk.kty === 'EC' ? 'ES256' : 'RS256';
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw new Error(
      `signing key ${JSON.stringify(jwk.kid)}: algorithm ${JSON.stringify(jwk.alg)} is not supported`,
    );
  }
  const privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  return {
    kid: typeof jwk.kid === 'string' ? jwk.kid : undefined,
    alg,
    privateKey,
    publicKey: createPublicKey(privateKey),
  };
}

function decodeHeader(token: string): Record<string, unknown> | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null ? (header as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class TokenSigner {
  private readonly keys: SigningKey[];

  constructor(
    private readonly secret: string,
    jwks: SigningJwk[],
  ) {
    this.keys = jwks.map(loadKey);
  }

  sign(claims: JwtClaims): string {
    const key = this.keys[0];
    if (!key) return signJwt(claims, this.secret);
    const header = { alg: key.alg, typ: 'JWT', ...(key.kid ? { kid: key.kid } : {}) };
    const body = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const signature = sign('sha256', Buffer.from(body), {
      key: key.privateKey,
      dsaEncoding: dsaEncoding(key.alg),
    });
    return `${body}.${signature.toString('base64url')}`;
  }

  /** HS256 under the secret, or a signature by one of the keys (by `kid`); then expiry. */
  verify(token: string, nowSeconds: number): JwtResult {
    const header = decodeHeader(token);
    if (header?.alg === 'HS256' || this.keys.length === 0) return verifyJwt(token, this.secret, nowSeconds);
    const key = this.keys.find(
      (candidate) =>
        candidate.alg === header?.alg && (header.kid === undefined || candidate.kid === header.kid),
    );
    if (!key) return { ok: false, failure: 'algorithm', reason: 'signing method is invalid' };
    const [headerPart = '', payloadPart = '', signaturePart = ''] = token.split('.');
    const valid = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`),
      { key: key.publicKey, dsaEncoding: dsaEncoding(key.alg) },
      Buffer.from(signaturePart, 'base64url'),
    );
    if (!valid) return { ok: false, failure: 'signature', reason: 'signature is invalid' };
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, failure: 'malformed', reason: 'token is malformed' };
    }
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
      return { ok: false, failure: 'claims', reason: 'token claims are malformed' };
    }
    const { exp } = claims as JwtClaims;
    if (exp !== undefined && (typeof exp !== 'number' || exp < nowSeconds)) {
      return { ok: false, failure: 'expired', reason: 'token has invalid claims: token is expired' };
    }
    return { ok: true, claims: claims as JwtClaims };
  }

  /** The public JWKs GoTrue publishes at /.well-known/jwks.json (none for HS256). */
  publicKeys(): JsonWebKey[] {
    return this.keys.map((key) => ({
      ...key.publicKey.export({ format: 'jwk' }),
      ...(key.kid ? { kid: key.kid } : {}),
      alg: key.alg,
      use: 'sig',
      key_ops: ['verify'],
    }));
  }
}

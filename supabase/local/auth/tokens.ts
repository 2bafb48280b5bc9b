/**
 * One-time tokens, OTP codes, PKCE and redirect allow-listing, following GoTrue:
 * - an e-mail/SMS carries a numeric code; the database keeps only
 *   `hex(sha224(emailOrPhone + code))` (GoTrue's `crypto.GenerateTokenHash`), which is also the
 *   `token_hash` in links, so a link and a typed code verify against the same column;
 * - PKCE-initiated e-mail flows prefix the stored hash with `pkce_` (GoTrue does the same) so the
 *   redirect flow knows to answer with `?code=` instead of tokens.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

export function generateOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
}

/** GoTrue's refresh tokens are short random strings (12 chars in current versions). */
export function generateRefreshToken(): string {
  return randomBytes(9).toString('base64url');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export type CodeChallengeMethod = 's256' | 'plain';

/** Normalizes the method the client sent ('s256', 'S256', 'plain'); null when invalid. */
export function parseChallengeMethod(value: unknown): CodeChallengeMethod | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return lower === 's256' || lower === 'plain' ? lower : null;
}

export function verifyCodeChallenge(
  method: CodeChallengeMethod,
  challenge: string,
  verifier: string,
): boolean {
  return method === 's256' ? sha256Base64Url(verifier) === challenge : verifier === challenge;
}

/**
 * GoTrue's redirect allow-list: an exact match of site_url (or anything under it on the same
 * origin), or a glob from additional_redirect_urls where `*` matches within a path segment / host
 * label and `**` matches anything.
 */
export function isRedirectAllowed(target: string, siteUrl: string, allowList: string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  try {
    const site = new URL(siteUrl);
    if (url.origin === site.origin) return true;
  } catch {
    // a broken site_url allows nothing on its own
  }
  const normalized = url.href;
  return allowList.some(
    (pattern) => globToRegExp(pattern).test(normalized) || globToRegExp(pattern).test(target),
  );
}

const globCache = new Map<string, RegExp>();

function globToRegExp(glob: string): RegExp {
  const cached = globCache.get(glob);
  if (cached) return cached;
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (char === '*') {
      if (glob[i + 1] === '*') {
        source += '.*';
        i++;
      } else {
        source += '[^/.]*';
      }
    } else {
      source += char.replace(/[\\^$+?.()|[\]{}]/g, '\\$&');
    }
  }
  // `http://localhost:5173/**` should also accept `http://localhost:5173` itself.
  const regex = new RegExp(`^${source}$`.replace(/\/\.\*\$$/, '(/.*)?$'));
  globCache.set(glob, regex);
  return regex;
}

/** The redirect target GoTrue uses: the requested one when allow-listed, else site_url. */
export function resolveRedirect(requested: unknown, siteUrl: string, allowList: string[]): string {
  if (typeof requested === 'string' && requested !== '' && isRedirectAllowed(requested, siteUrl, allowList)) {
    return requested;
  }
  return siteUrl;
}

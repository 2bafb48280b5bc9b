/**
 * The stored login redirect: where a user wanted to go before sign-in, organization
 * creation or onboarding sent them elsewhere. Only same-origin paths are kept, so a crafted link
 * can never send someone to a foreign site after they sign in.
 */
const KEY = 'leadtorget.return-to';

export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers drop tabs and newlines from URLs and read `\` as `/`: '/\t/evil.com' is '//evil.com'.
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/u.test(value)) return false;
  return new URL(value, window.location.origin).origin === window.location.origin;
}

export function saveReturnTo(path: string) {
  if (isSafeReturnPath(path)) sessionStorage.setItem(KEY, path);
}

export function peekReturnTo(): string | null {
  const value = sessionStorage.getItem(KEY);
  return isSafeReturnPath(value) ? value : null;
}

export function takeReturnTo(fallback = '/'): string {
  const value = peekReturnTo();
  sessionStorage.removeItem(KEY);
  return value ?? fallback;
}

/**
 * The stored login redirect (spec §7): where a user wanted to go before sign-in, organization
 * creation or onboarding sent them elsewhere. Only same-origin paths are kept, so a crafted link
 * can never send someone to a foreign site after they sign in.
 */
const KEY = 'leadtorget.return-to';

export function isSafeReturnPath(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
  );
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

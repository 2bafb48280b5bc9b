import { isSafeReturnPath, peekReturnTo } from '@/lib/return-to';

/** Where a link or provider should bring the user back: the saved target on this origin. */
export function returnUrl(): string {
  return `${window.location.origin}${peekReturnTo() ?? '/'}`;
}

/** A same-origin absolute URL or path from a query parameter as a safe path, else null. */
export function safePathFrom(value: string | null): string | null {
  if (!value) return null;
  if (isSafeReturnPath(value)) return value;
  try {
    const url = new URL(value);
    if (url.origin !== window.location.origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSafeReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

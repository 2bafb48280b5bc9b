/**
 * E-mail addresses as the database accepts them: private.is_valid_email
 * (supabase/migrations/20261124100000_email_rule_like_gotrue.sql) checks the lower-cased form
 * against GoTrue's own pattern, so an address that passes here is one sign-in, invitations,
 * leads and receipt lists all accept. Plain TypeScript shared by the app (src/lib/validation/email.ts)
 * and the edge functions (the forms engine); a form checks with this before the round trip.
 */
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const MAX_LENGTH = 255;

/** What we store: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** True for an address the database accepts, once normalized (so «Kari@Example.no » passes). */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= MAX_LENGTH && EMAIL.test(email);
}

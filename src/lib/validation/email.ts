import { normalizeEmail } from '../../../supabase/functions/_shared/email-address.ts';

/** The rule the database and the edge functions check too. */
export { isValidEmail, normalizeEmail } from '../../../supabase/functions/_shared/email-address.ts';

/** Splits a list typed into one field (lines, commas, semicolons or spaces) into unique addresses. */
export function splitEmails(value: string): string[] {
  const emails = value
    .split(/[\s,;]+/)
    .map(normalizeEmail)
    .filter(Boolean);
  return [...new Set(emails)];
}

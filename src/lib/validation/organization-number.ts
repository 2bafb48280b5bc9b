/**
 * Norwegian organization numbers: nine digits, the last a mod-11 check digit over the first eight
 * with weights 3, 2, 7, 6, 5, 4, 3, 2 (check digit = 11 − sum mod 11; 11 gives 0; 10 is never issued).
 * The same rule as the database's private.is_valid_organization_number
 * (supabase/migrations/20261122100100_organizations.sql), so a form says what the check constraint
 * would say, before the round trip.
 */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** What the user typed without spaces (people write «923 609 016»). */
export function normalizeOrganizationNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

export type OrganizationNumberProblem = 'length' | 'checksum';

export function organizationNumberProblem(value: string): OrganizationNumberProblem | null {
  const digits = normalizeOrganizationNumber(value);
  if (!/^\d{9}$/.test(digits)) return 'length';
  const sum = WEIGHTS.reduce((total, weight, index) => total + Number(digits[index]) * weight, 0);
  const remainder = 11 - (sum % 11);
  const check = remainder === 11 ? 0 : remainder;
  if (check === 10 || check !== Number(digits[8])) return 'checksum';
  return null;
}

export const isValidOrganizationNumber = (value: string) => organizationNumberProblem(value) === null;

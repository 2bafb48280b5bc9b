import type { WeakPasswordReason } from '@/lib/errors';

/**
 * GoTrue's password rules as supabase/config.toml sets them (minimum_password_length,
 * password_requirements = lower_upper_letters_digits_symbols), checked in the browser so a sign-up
 * shows what is wrong with the password together with every other field, before a round trip.
 * GoTrue still decides (and alone knows leaked passwords); a test keeps these equal to config.toml.
 */
export const MINIMUM_PASSWORD_LENGTH = 8;

/** GoTrue's character classes: at least one of each. */
export const REQUIRED_CHARACTER_SETS = [
  'abcdefghijklmnopqrstuvwxyz',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  '0123456789',
  '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~',
] as const;

/** What GoTrue would answer with weak_password, as its `reasons`; empty when the password passes. */
export function passwordWeaknesses(password: string): WeakPasswordReason[] {
  const characters = [...password];
  const reasons: WeakPasswordReason[] = [];
  if (characters.length < MINIMUM_PASSWORD_LENGTH) reasons.push('length');
  if (!REQUIRED_CHARACTER_SETS.every((set) => characters.some((character) => set.includes(character)))) {
    reasons.push('characters');
  }
  return reasons;
}

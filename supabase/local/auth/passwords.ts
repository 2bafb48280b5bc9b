/**
 * Passwords: bcrypt (GoTrue stores `$2a$10$…` in auth.users.encrypted_password; bcryptjs reads and
 * writes the same format) and GoTrue's strength check with its exact messages and `reasons`.
 */
import bcrypt from 'bcryptjs';
import type { PlatformConfig } from '../contracts.ts';

/** GoTrue's cost. */
const COST = 10;

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function comparePassword(password: string, hash: string | null | undefined): Promise<boolean> {
  // Users created by OTP or OAuth have no password: never match (GoTrue: invalid_credentials).
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

const REQUIRED_SETS: Record<PlatformConfig['auth']['passwordRequirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface WeakPassword {
  message: string;
  reasons: ('length' | 'characters')[];
}

/** GoTrue's checkPasswordStrength: null when fine, else the message and reasons. */
export function checkPasswordStrength(password: string, auth: PlatformConfig['auth']): WeakPassword | null {
  const reasons: WeakPassword['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < auth.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${auth.minimumPasswordLength} characters.`);
  }
  const sets = REQUIRED_SETS[auth.passwordRequirements];
  if (!sets.every((set) => [...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length === 0 ? null : { message: messages.join(' '), reasons };
}

import { describe, expect, it } from 'vitest';
import {
  MINIMUM_PASSWORD_LENGTH,
  passwordWeaknesses,
  REQUIRED_CHARACTER_SETS,
} from '@/features/auth/utils/password-rules';
import configToml from '../../../supabase/config.toml?raw';

describe('passwordWeaknesses', () => {
  it('follows the rules supabase/config.toml gives GoTrue', () => {
    expect(configToml).toMatch(new RegExp(`^minimum_password_length = ${MINIMUM_PASSWORD_LENGTH}$`, 'mu'));
    expect(configToml).toMatch(/^password_requirements = "lower_upper_letters_digits_symbols"$/mu);
    expect(REQUIRED_CHARACTER_SETS).toHaveLength(4);
  });

  it.each([
    ['Sterkt-passord-9!', []],
    ['kort', ['length', 'characters']],
    ['Ab1!', ['length']],
    ['langtpassord', ['characters']],
    ['Æøå-Bokstaver-1', []],
  ])('%s → %j', (password, reasons) => {
    expect(passwordWeaknesses(password)).toEqual(reasons);
  });
});

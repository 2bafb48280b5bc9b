import { CARD_ERROR_CODES } from '@/lib/errors';
import type { CardErrorCode } from '../types';

const cardCodes = new Set<string>(CARD_ERROR_CODES);

export function isCardErrorCode(value: unknown): value is CardErrorCode {
  return typeof value === 'string' && cardCodes.has(value);
}

/** The codes that belong to a field of the card form (Elements' validation codes). */
export const FIELD_OF_CODE: Partial<Record<CardErrorCode, 'number' | 'expiry' | 'cvc'>> = {
  incomplete_number: 'number',
  incorrect_number: 'number',
  incomplete_expiry: 'expiry',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  incomplete_cvc: 'cvc',
  invalid_cvc: 'cvc',
};

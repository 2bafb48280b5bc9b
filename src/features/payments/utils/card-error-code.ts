import type { CardErrorCode } from '../types';

export { isCardErrorCode } from '@/lib/stripe-error-code';

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

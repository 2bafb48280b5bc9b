import type { ComponentType } from 'react';
import type { CardErrorCode, CardOutcome } from '@/lib/card-confirmation';
import { CARD_ERROR_CODES } from '@/lib/errors';

export type { CardErrorCode, CardOutcome };

export type CardProvider = 'stripe' | 'local';

/** What the card fields report on every change (Elements' change event, as one of our codes). */
export type CardFieldsState = {
  /** Every field is filled in and valid. */
  complete: boolean;
  empty: boolean;
  /** The code the fields would be refused with now; null when complete (or not known yet). */
  error: CardErrorCode | null;
};

export type CardFieldsProps = {
  id: string;
  onChange?: (state: CardFieldsState) => void;
  disabled?: boolean;
};

/** What the bank's confirmation step is for: saving a card charges nothing, so it says so. */
export type ConfirmationPurpose = 'payment' | 'setup';

/** One interface for Stripe Elements and the local test form (docs/payments.md «Screens»). */
export interface CardClient {
  provider: CardProvider;
  /** The card input; renders Elements' CardElement or the local form (number, MM/ÅÅ, CVC). */
  CardFields: ComponentType<CardFieldsProps>;
  confirmSetup(clientSecret: string): Promise<CardOutcome>;
  confirmPayment(clientSecret: string, options?: { saveCard?: boolean }): Promise<CardOutcome>;
  /**
   * 3-D Secure for an intent the server left in requires_action (buy-lead, saved-card packs; a
   * SetupIntent when saving a card, purpose 'setup').
   */
  handleNextAction(clientSecret: string, purpose?: ConfirmationPurpose): Promise<CardOutcome>;
}

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

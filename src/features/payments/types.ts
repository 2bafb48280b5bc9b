import type { ComponentType } from 'react';
import type { CardErrorCode, CardOutcome } from '@/lib/card-confirmation';

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

/** One interface for Stripe Elements and the local test form (docs/payments.md «Screens»): the card client. */
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

import type { CardStepTexts } from './card-step';

type CardTextKey =
  | 'card.legend'
  | 'card.testMode'
  | 'card.number'
  | 'card.expiry'
  | 'card.cvc'
  | 'card.threeDSecureTitle'
  | 'card.threeDSecureText'
  | 'card.approve'
  | 'card.decline'
  | 'pay.loadingCard'
  | 'pay.working'
  | 'pay.button';

/**
 * The card step's words from a page's texts that hold its keys (`card.*`, `pay.loadingCard`,
 * `pay.working`, `pay.button` with `{{amount}}`): the checkout's and the booking page's.
 */
export function cardStepTexts(
  t: (key: CardTextKey, values?: { amount: string }) => string,
  amount: string,
): CardStepTexts {
  return {
    legend: t('card.legend'),
    testMode: t('card.testMode'),
    number: t('card.number'),
    expiry: t('card.expiry'),
    cvc: t('card.cvc'),
    threeDSecureTitle: t('card.threeDSecureTitle'),
    threeDSecureText: t('card.threeDSecureText'),
    approve: t('card.approve'),
    decline: t('card.decline'),
    loadingCard: t('pay.loadingCard'),
    working: t('pay.working'),
    button: t('pay.button', { amount }),
  };
}

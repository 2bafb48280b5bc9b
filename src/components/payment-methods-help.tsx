import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './payment-methods-help.module.css';

/**
 * The three ways to pay for leads in a few words each — kort ved kjøp, klipp, kreditter — and that
 * pack prices are eks. mva. Shown wherever a plan or a pack is chosen (onboarding, /payments/setup,
 * /payments), so the words mean the same everywhere.
 */
export function PaymentMethodsHelp({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('member');
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={styles.help}>
      <Heading id={id}>{t('paymentHelpHeading')}</Heading>
      <dl>
        <dt>{t('paymentHelpCardTerm')}</dt>
        <dd>{t('paymentHelpCard')}</dd>
        <dt>{t('paymentHelpTicketsTerm')}</dt>
        <dd>{t('paymentHelpTickets')}</dd>
        <dt>{t('paymentHelpCreditsTerm')}</dt>
        <dd>{t('paymentHelpCredits')}</dd>
      </dl>
      <p>{t('paymentHelpVat')}</p>
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import { formatMoney } from '@/lib/format';
import { packValue } from '@/lib/pricing';
import type { TicketPack } from '../types';
import type { PlanChoice } from '../utils/plan-choice';
import styles from './onboarding.module.css';

type PlanPickerProps = {
  packs: readonly TicketPack[];
  defaultPriceOre: number;
  /** Klipp a lead costs by default: with the on-demand price, what a lead from each pack saves. */
  ticketsPerLead: number;
  value: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  /** A message for the whole group (nothing chosen, no pack chosen). */
  error?: string | undefined;
  legend: string;
};

/**
 * The two plans as radios, and the marketplace's ticket packs as radios named by their size
 * («10 klipp»; the price eks. mva and the saving per lead are read as the description). Choosing a
 * pack chooses «Klippekort»; nothing is charged until the pack is bought.
 */
export function PlanPicker({
  packs,
  defaultPriceOre,
  ticketsPerLead,
  value,
  onChange,
  error,
  legend,
}: PlanPickerProps) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  const saving = (pack: TicketPack) => {
    const value = packValue({
      priceOre: pack.priceOre,
      units: pack.tickets,
      unitsPerLead: ticketsPerLead,
      onDemandOre: defaultPriceOre,
    });
    return value
      ? ` ${t('plans.packSaving', { perLead: formatMoney(value.perLeadOre), saving: value.savingPercent })}`
      : null;
  };

  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <FormStatus id={errorId} tone="error">
        {error}
      </FormStatus>
      <div className={styles.option}>
        <input
          type="radio"
          id={`${id}-on-demand`}
          name={`${id}-plan`}
          value="on_demand"
          checked={value.plan === 'on_demand'}
          onChange={() => onChange({ plan: 'on_demand', packTickets: null })}
          aria-describedby={`${id}-on-demand-description`}
        />
        <label htmlFor={`${id}-on-demand`}>{t('plans.onDemand')}</label>
        <p id={`${id}-on-demand-description`} className={styles.description}>
          {t('plans.onDemandDescription', { price: formatMoney(defaultPriceOre) })}
        </p>
      </div>
      <div className={styles.option}>
        <input
          type="radio"
          id={`${id}-tickets`}
          name={`${id}-plan`}
          value="tickets"
          checked={value.plan === 'tickets'}
          onChange={() => onChange({ plan: 'tickets', packTickets: value.packTickets })}
          aria-describedby={`${id}-tickets-description`}
        />
        <label htmlFor={`${id}-tickets`}>{t('plans.tickets')}</label>
        <p id={`${id}-tickets-description`} className={styles.description}>
          {t('plans.ticketsDescription')}
        </p>
        <div className={styles.packs}>
          {packs.length === 0 ? (
            <p className={styles.description}>{t('plans.noPacks')}</p>
          ) : (
            <fieldset className={styles.fieldset}>
              <legend>{t('plans.packsLegend')}</legend>
              {packs.map((pack) => {
                const packId = `${id}-pack-${pack.tickets}`;
                return (
                  <div key={pack.id} className={styles.option}>
                    <input
                      type="radio"
                      id={packId}
                      name={`${id}-pack`}
                      value={pack.tickets}
                      checked={value.plan === 'tickets' && value.packTickets === pack.tickets}
                      onChange={() => onChange({ plan: 'tickets', packTickets: pack.tickets })}
                      aria-describedby={`${packId}-price`}
                    />
                    <label htmlFor={packId}>{t('plans.pack', { tickets: pack.tickets })}</label>
                    <p id={`${packId}-price`} className={styles.description}>
                      {t('plans.packPrice', { price: formatMoney(pack.priceOre) })}
                      {saving(pack)}
                    </p>
                  </div>
                );
              })}
            </fieldset>
          )}
        </div>
      </div>
    </fieldset>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import page from '@/components/page.module.css';
import type { MarketplacePlan } from '@/lib/database.types';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { packValue } from '@/lib/pricing';
import type { MarketplacePlanRow } from '../api/get-plan-choices';
import { useSavePlan } from '../api/save-plan';
import styles from './setup.module.css';

/**
 * The plan on one marketplace: «Etter behov» (card per purchase) or «Klippekort» with the pack the
 * organization buys when it needs klipp — no subscription: nothing is charged for choosing it. Pack
 * prices are eks. mva with what a lead costs from them and the saving on on demand.
 */
export function PlanForm({
  organizationId,
  marketplace,
  canManage,
}: {
  organizationId: string;
  marketplace: MarketplacePlanRow;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const id = useId();
  const [plan, setPlan] = useState<MarketplacePlan | null>(marketplace.plan);
  // The saved pack size when the marketplace still offers it, else its first pack.
  const [tickets, setTickets] = useState<string>(() => {
    const saved = marketplace.packs.find((pack) => pack.tickets === marketplace.ticketsPerMonth);
    return String(saved?.tickets ?? marketplace.packs[0]?.tickets ?? '');
  });
  const [problem, setProblem] = useState<string | null>(null);

  const save = useSavePlan();

  if (!canManage) {
    return (
      <div className={styles.plan}>
        <h3>{marketplace.name}</h3>
        <p>{planText(t, marketplace.plan, marketplace.ticketsPerMonth)}</p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return setProblem(t('setup.plans.required'));
    if (plan === 'tickets' && !tickets) return setProblem(t('setup.plans.packRequired'));
    setProblem(null);
    save.mutate(
      {
        organizationId,
        marketplaceId: marketplace.marketplaceId,
        plan,
        ticketsPerMonth: plan === 'tickets' ? Number(tickets) : null,
      },
      {
        onSuccess: () =>
          notify({ message: t('setup.plans.saved', { name: marketplace.name }), tone: 'success' }),
      },
    );
  };

  const errorId = `${id}-error`;
  const message = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        className={styles.plan}
        aria-describedby={message ? errorId : undefined}
        aria-invalid={problem ? true : undefined}
      >
        <legend>{marketplace.name}</legend>
        <FormStatus id={errorId} tone="error">
          {message}
        </FormStatus>
        <div className={styles.option}>
          <input
            type="radio"
            id={`${id}-on-demand`}
            name={`${id}-plan`}
            checked={plan === 'on_demand'}
            onChange={() => setPlan('on_demand')}
            aria-describedby={`${id}-on-demand-description`}
          />
          <label htmlFor={`${id}-on-demand`}>{t('setup.plans.onDemand')}</label>
          <p id={`${id}-on-demand-description`} className={styles.muted}>
            {t('setup.plans.onDemandDescription', { price: formatMoney(marketplace.defaultPriceOre) })}
          </p>
        </div>
        <div className={styles.option}>
          <input
            type="radio"
            id={`${id}-tickets`}
            name={`${id}-plan`}
            checked={plan === 'tickets'}
            onChange={() => setPlan('tickets')}
            aria-describedby={`${id}-tickets-description`}
          />
          <label htmlFor={`${id}-tickets`}>{t('setup.plans.tickets')}</label>
          <p id={`${id}-tickets-description`} className={styles.muted}>
            {t('setup.plans.ticketsDescription')}
          </p>
        </div>
        {plan === 'tickets' ? (
          marketplace.packs.length === 0 ? (
            <p className={styles.muted}>{t('setup.plans.noPacks')}</p>
          ) : (
            <NativeSelect
              label={t('setup.plans.pack')}
              value={tickets}
              onChange={(event) => setTickets(event.target.value)}
              options={marketplace.packs.map((pack) => {
                const value = packValue({
                  priceOre: pack.priceOre,
                  units: pack.tickets,
                  unitsPerLead: marketplace.ticketsPerLead,
                  onDemandOre: marketplace.defaultPriceOre,
                });
                const price = formatMoney(pack.priceOre);
                return {
                  value: String(pack.tickets),
                  label: value
                    ? t('setup.plans.packOptionWithSaving', {
                        tickets: pack.tickets,
                        price,
                        perLead: formatMoney(value.perLeadOre),
                        saving: value.savingPercent,
                      })
                    : t('setup.plans.packOption', { tickets: pack.tickets, price }),
                };
              })}
            />
          )
        ) : null}
        <div className={page.actions}>
          <Button type="submit" variant="secondary" loading={save.isPending}>
            {t('setup.plans.save', { name: marketplace.name })}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function planText(
  t: ReturnType<typeof useTranslation<'payments'>>['t'],
  plan: MarketplacePlan | null,
  tickets: number | null,
): string {
  if (plan === 'on_demand') return t('setup.plans.onDemand');
  if (plan === 'tickets')
    return tickets ? t('setup.plans.ticketsWithPack', { tickets }) : t('setup.plans.tickets');
  return t('setup.plans.noPlan');
}

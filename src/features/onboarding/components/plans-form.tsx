import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import pageStyles from '@/components/page.module.css';
import { PaymentMethodsHelp } from '@/components/payment-methods-help';
import type { MarketplaceStatus } from '@/lib/account/api/get-marketplace-status';
import { toAppError } from '@/lib/errors';
import { currentHostname, hostKindOf } from '@/lib/host';
import { hostMarketplacePath, paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { useChoosePlan } from '../api/choose-plan';
import type { MarketplaceIntro } from '../types';
import { afterPlanTarget, preselect, preselectionFromQuery, type PlanChoice } from '../utils/plan-choice';
import styles from './onboarding.module.css';
import { PlanPicker } from './plan-picker';

/**
 * «Etter behov» or «Klippekort» with one of the marketplace's packs; a plan in the query starts
 * chosen, else the organization's current one. Owners and admins choose; a member is told to ask.
 */
export function PlansForm({
  marketplace,
  status,
  organization,
  byId,
  search,
}: {
  marketplace: MarketplaceIntro;
  status: MarketplaceStatus;
  organization: { organizationId: string; name: string; role: string };
  byId: boolean;
  search: URLSearchParams;
}) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const [initial] = useState(() => {
    const preselection = preselectionFromQuery(search);
    if (preselection) return preselect(preselection, marketplace.packs);
    const current: PlanChoice = { plan: status.plan, packTickets: null };
    return { choice: current, note: null };
  });
  const [choice, setChoice] = useState<PlanChoice>(initial.choice);
  const [problem, setProblem] = useState<'required' | 'packRequired' | null>(null);
  const mayChoose = organization.role === 'owner' || organization.role === 'admin';

  const save = useChoosePlan();

  const done = () => {
    notify({ message: t('plans.saved'), tone: 'success' });
    const fallback = byId
      ? paths.leadsMarketplace(marketplace.id)
      : hostMarketplacePath(hostKindOf(currentHostname()));
    void navigate(afterPlanTarget(takeReturnTo(fallback), fallback), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice.plan) return setProblem('required');
    if (choice.plan === 'tickets' && !choice.packTickets) return setProblem('packRequired');
    setProblem(null);
    save.mutate(
      {
        organizationId: organization.organizationId,
        marketplaceId: marketplace.id,
        join: !status.isMember,
        plan: choice.plan,
        ticketsPerMonth: choice.plan === 'tickets' ? choice.packTickets : null,
      },
      { onSuccess: done },
    );
  };

  const forbidden = save.isError && toAppError(save.error).code === 'forbidden';
  const note = initial.note;

  return (
    <div className={styles.page}>
      <h1>{t('plans.title')}</h1>
      <p>{t('plans.intro', { organization: organization.name, name: marketplace.name })}</p>
      {note?.kind === 'closest' ? (
        <FormStatus>{t('plans.closestPack', { requested: note.requested, tickets: note.count })}</FormStatus>
      ) : null}
      {note?.kind === 'none-large-enough' ? (
        <FormStatus>{t('plans.noPackLargeEnough', { requested: note.requested })}</FormStatus>
      ) : null}
      {!mayChoose || forbidden ? (
        <FormStatus tone="error">{t('plans.forMember', { organization: organization.name })}</FormStatus>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormStatus error={save.isError ? save.error : null} />
          <PlanPicker
            legend={t('plans.legend')}
            packs={marketplace.packs}
            defaultPriceOre={marketplace.defaultPriceOre}
            ticketsPerLead={marketplace.defaultPriceTickets}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setProblem(null);
            }}
            error={problem ? t(`plans.${problem}`) : undefined}
          />
          {!status.isMember ? (
            <p>{t('plans.willJoin', { organization: organization.name, name: marketplace.name })}</p>
          ) : null}
          <div className={pageStyles.actions}>
            <Button type="submit" loading={save.isPending}>
              {t('plans.submit')}
            </Button>
          </div>
        </form>
      )}
      <PaymentMethodsHelp />
    </div>
  );
}

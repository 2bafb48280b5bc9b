import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { notify } from '@/components/notification-store';
import { PaymentMethodsHelp } from '@/components/payment-methods-help';
import { Spinner } from '@/components/spinner';
import { useCurrentOrganization } from '@/lib/account/current-organization';
import { joinMarketplace } from '@/lib/account/mutations';
import { accountKeys, marketplaceStatusQuery, type MarketplaceStatus } from '@/lib/account/queries';
import { toAppError } from '@/lib/errors';
import { currentHostname, hostKindOf } from '@/lib/host';
import { hostMarketplacePath, paths } from '@/lib/paths';
import { peekReturnTo, takeReturnTo } from '@/lib/return-to';
import { FormError, Note } from '../components/form-parts';
import { PlanPicker } from '../components/plan-picker';
import { marketplaceIntroQuery, type MarketplaceIntro } from '../marketplace-intro';
import { choosePlan } from '../mutations';
import styles from '../onboarding.module.css';
import {
  afterPlanTarget,
  marketplaceIdOf,
  preselect,
  preselectionFromQuery,
  type PlanChoice,
} from '../plan-choice';

/**
 * `/onboarding/marketplace/plans`: «Etter behov» or «Klippekort» with one of the marketplace's packs.
 * Which marketplace: `?marketplace=<id>` (from the join pages), else the remembered target's
 * (/leads/marketplace/<id>), else this host's. Preselection: `plan=on_demand|tickets&tickets=N`.
 * «Velg plan» joins the marketplace if the organization has not yet, saves the plan, and goes back to
 * the remembered target — where guard rule 9 sends a plan that needs a card to /payments/setup.
 */
export default function OnboardingMarketplacePlansPage() {
  const { t } = useTranslation('onboarding');
  const [search] = useSearchParams();
  const [remembered] = useState(peekReturnTo);
  const marketplaceId = search.get('marketplace') ?? marketplaceIdOf(remembered);
  const by = marketplaceId ? { marketplaceId } : { host: currentHostname() };
  const intro = useQuery(marketplaceIntroQuery(by));
  const organization = useCurrentOrganization();
  const status = useQuery({
    ...marketplaceStatusQuery(organization?.organizationId ?? '', intro.data?.id ?? ''),
    enabled: Boolean(organization && intro.data),
  });

  if (intro.isError || status.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('plans.title')}</h1>
        <FormError error={intro.error ?? status.error} />
      </div>
    );
  }
  if (intro.isPending || (intro.data && (!organization || status.isPending))) {
    return (
      <div className={styles.page}>
        <Spinner label={t('plans.loading')} />
      </div>
    );
  }
  if (!intro.data || !organization || !status.data) {
    return (
      <div className={styles.page}>
        <h1>{t('join.noMarketplaceTitle')}</h1>
        <p>{t('join.noMarketplace')}</p>
      </div>
    );
  }
  return (
    <PlansForm
      marketplace={intro.data}
      status={status.data}
      organization={organization}
      byId={Boolean(marketplaceId)}
      search={search}
    />
  );
}

function PlansForm({
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
  const queryClient = useQueryClient();
  const [initial] = useState(() => {
    const preselection = preselectionFromQuery(search);
    if (preselection) return preselect(preselection, marketplace.packs);
    const current: PlanChoice = { plan: status.plan, packTickets: null };
    return { choice: current, note: null };
  });
  const [choice, setChoice] = useState<PlanChoice>(initial.choice);
  const [problem, setProblem] = useState<'required' | 'packRequired' | null>(null);
  const mayChoose = organization.role === 'owner' || organization.role === 'admin';

  const save = useMutation({
    mutationFn: async (chosen: { plan: 'on_demand' | 'tickets'; ticketsPerMonth: number | null }) => {
      if (!status.isMember) await joinMarketplace(marketplace.id, organization.organizationId);
      await choosePlan({
        organizationId: organization.organizationId,
        marketplaceId: marketplace.id,
        plan: chosen.plan,
        ticketsPerMonth: chosen.ticketsPerMonth,
      });
      // The guard reads the status with ensureQueryData: read it again now.
      await queryClient.invalidateQueries({
        queryKey: accountKeys.marketplaceStatus(organization.organizationId, marketplace.id),
      });
      await queryClient.fetchQuery({
        ...marketplaceStatusQuery(organization.organizationId, marketplace.id),
        staleTime: 0,
      });
    },
    onSuccess: () => {
      notify({ message: t('plans.saved'), tone: 'success' });
      const fallback = byId
        ? paths.leadsMarketplace(marketplace.id)
        : hostMarketplacePath(hostKindOf(currentHostname()));
      void navigate(afterPlanTarget(takeReturnTo(fallback), fallback), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice.plan) return setProblem('required');
    if (choice.plan === 'tickets' && !choice.packTickets) return setProblem('packRequired');
    setProblem(null);
    save.mutate({
      plan: choice.plan,
      ticketsPerMonth: choice.plan === 'tickets' ? choice.packTickets : null,
    });
  };

  const forbidden = save.isError && toAppError(save.error).code === 'forbidden';
  const note = initial.note;

  return (
    <div className={styles.page}>
      <h1>{t('plans.title')}</h1>
      <p>{t('plans.intro', { organization: organization.name, name: marketplace.name })}</p>
      {note?.kind === 'closest' ? (
        <Note>{t('plans.closestPack', { requested: note.requested, tickets: note.count })}</Note>
      ) : null}
      {note?.kind === 'none-large-enough' ? (
        <Note>{t('plans.noPackLargeEnough', { requested: note.requested })}</Note>
      ) : null}
      {!mayChoose || forbidden ? (
        <FormError>{t('plans.forMember', { organization: organization.name })}</FormError>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormError error={save.isError ? save.error : null} />
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
          <div className={styles.actions}>
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

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import { Spinner } from '@/components/spinner';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { marketplaceStatusQueryOptions } from '@/lib/account/api/get-marketplace-status';
import { currentHostname } from '@/lib/host';
import { peekReturnTo } from '@/lib/return-to';
import { marketplaceIntroQueryOptions } from '../api/get-marketplace-intro';
import styles from '../components/onboarding.module.css';
import { PlansForm } from '../components/plans-form';
import { marketplaceIdOf } from '../utils/plan-choice';

/**
 * `/onboarding/marketplace/plans`: «Etter behov» or «Klippekort» with one of the marketplace's packs.
 * Which marketplace: `?marketplace=<id>` (from the join pages), else the remembered target's
 * (/leads/marketplace/<id>), else this host's. Preselection: `plan=on_demand|tickets&tickets=N`.
 * «Velg plan» joins the marketplace if the organization has not yet, saves the plan, and goes back to
 * the remembered target — where the guard sends a plan that needs a card to /payments/setup
 * (docs/auth-onboarding.md).
 */
export default function OnboardingMarketplacePlansPage() {
  const { t } = useTranslation('onboarding');
  const [search] = useSearchParams();
  const [remembered] = useState(peekReturnTo);
  const marketplaceId = search.get('marketplace') ?? marketplaceIdOf(remembered);
  const by = marketplaceId ? { marketplaceId } : { host: currentHostname() };
  const intro = useQuery(marketplaceIntroQueryOptions(by));
  const organization = useCurrentOrganization();
  const status = useQuery({
    ...marketplaceStatusQueryOptions(organization?.organizationId ?? '', intro.data?.id ?? ''),
    enabled: Boolean(organization && intro.data),
  });

  if (intro.isError || status.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('plans.title')}</h1>
        <FormStatus error={intro.error ?? status.error} />
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

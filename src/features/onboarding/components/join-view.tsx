import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import pageStyles from '@/components/page.module.css';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { marketplaceStatusQueryOptions } from '@/lib/account/api/get-marketplace-status';
import { useOrganizations } from '@/lib/account/api/get-organizations';
import { toAppError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { saveReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useJoinMarketplace } from '../api/join-marketplace';
import type { MarketplaceIntro } from '../types';
import { plansPath, registerPath, type PlanChoice } from '../utils/plan-choice';
import styles from './onboarding.module.css';
import { PlanPicker } from './plan-picker';

/**
 * What membership of one marketplace gives and «Bli med»: a visitor signs in first, a user without
 * an organization makes one, a member goes on to the plans.
 */
export function JoinView({
  byId,
  marketplace,
  variant,
  initialChoice,
  beforePlans,
}: {
  /** Opened by id (the dashboard): the plans page is told which marketplace. */
  byId: boolean;
  marketplace: MarketplaceIntro;
  variant: 'public' | 'signed-in';
  initialChoice: PlanChoice;
  beforePlans: ((marketplaceId: string) => void) | undefined;
}) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const session = useSession();
  const organizations = useOrganizations();
  const organization = useCurrentOrganization();
  const [choice, setChoice] = useState<PlanChoice>(initialChoice);
  const status = useQuery({
    ...marketplaceStatusQueryOptions(organization?.organizationId ?? '', marketplace.id),
    enabled: Boolean(organization),
  });

  const goToPlans = () => {
    beforePlans?.(marketplace.id);
    void navigate(plansPath(byId ? marketplace.id : null, choice));
  };

  const join = useJoinMarketplace();

  const onJoin = () => {
    if (!session) {
      // A visitor signs in (or up) first; the registration step is where they come back to.
      saveReturnTo(registerPath(choice));
      void navigate(paths.auth);
      return;
    }
    if (!organization) {
      // The guard of the registration step sends them to create an organization, remembering it.
      void navigate(registerPath(choice));
      return;
    }
    if (status.data?.isMember) {
      goToPlans();
      return;
    }
    join.mutate(
      { organizationId: organization.organizationId, marketplaceId: marketplace.id },
      { onSuccess: goToPlans },
    );
  };

  const forbidden = join.isError && toAppError(join.error).code === 'forbidden';
  const waiting =
    Boolean(session) && (organizations.isPending || (Boolean(organization) && status.isPending));
  const organizationName = organization?.name ?? '';

  return (
    <div className={styles.page}>
      <h1>
        {variant === 'public'
          ? t('join.title', { name: marketplace.name })
          : t('join.titleRegister', { name: marketplace.name })}
      </h1>
      {marketplace.tagline ? <p>{marketplace.tagline}</p> : null}
      <p>{t('join.intro', { name: marketplace.name })}</p>
      {organization ? <p>{t('join.organizationLabel', { organization: organizationName })}</p> : null}

      <section aria-labelledby="join-benefits">
        <h2 id="join-benefits">{t('join.benefitsTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('join.benefitListings')}</li>
          <li>{t('join.benefitSell')}</li>
          <li>{t('join.benefitPlans')}</li>
        </ul>
      </section>

      <section aria-labelledby="join-plans">
        <h2 id="join-plans">{t('join.plansTitle')}</h2>
        <ul className={styles.list}>
          <li>{t('join.onDemandInfo', { price: formatMoney(marketplace.defaultPriceOre) })}</li>
          <li>{t('join.ticketsInfo')}</li>
        </ul>
      </section>

      {variant === 'public' ? (
        <PlanPicker
          legend={t('join.chooseNow')}
          packs={marketplace.packs}
          defaultPriceOre={marketplace.defaultPriceOre}
          ticketsPerLead={marketplace.defaultPriceTickets}
          value={choice}
          onChange={setChoice}
        />
      ) : null}

      {status.data?.isMember ? (
        <FormStatus>
          {t('join.alreadyMember', { organization: organizationName, name: marketplace.name })}
        </FormStatus>
      ) : null}
      {forbidden ? (
        <FormStatus tone="error">{t('join.forMember', { organization: organizationName })}</FormStatus>
      ) : (
        <FormStatus error={join.isError ? join.error : status.isError ? status.error : null} />
      )}

      <div className={pageStyles.actions}>
        <Button onClick={onJoin} loading={join.isPending} disabled={waiting || forbidden}>
          {status.data?.isMember ? t('join.continue') : t('join.submit')}
        </Button>
      </div>
      {!session ? <p>{t('join.signInHint')}</p> : null}
    </div>
  );
}

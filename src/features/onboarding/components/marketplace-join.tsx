import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import { Spinner } from '@/components/spinner';
import { marketplaceIntroQueryOptions } from '../api/get-marketplace-intro';
import { NO_CHOICE, type PlanChoice } from '../utils/plan-choice';
import { JoinView } from './join-view';
import { MarketplacesElsewhere } from './marketplaces-elsewhere';
import styles from './onboarding.module.css';

type MarketplaceJoinProps = {
  /** Which marketplace: this host's, or one opened by id. */
  by: { host: string } | { marketplaceId: string };
  /** `public`: /bli-partner (visitors too, with an optional plan choice); `signed-in`: the guard made sure of an organization. */
  variant: 'public' | 'signed-in';
  initialChoice?: PlanChoice;
  /** Runs just before going on to the plans (the dashboard's onboarding remembers where to return). */
  beforePlans?: (marketplaceId: string) => void;
};

/**
 * The join step shared by /bli-partner, /onboarding/registrer and /leads/marketplace/onboarding:
 * what membership gives, and «Bli med». Whether the organization may join is the database's call
 * (owners and admins); a member is told to ask one.
 */
export function MarketplaceJoin({
  by,
  variant,
  initialChoice = NO_CHOICE,
  beforePlans,
}: MarketplaceJoinProps) {
  const { t } = useTranslation('onboarding');
  const intro = useQuery(marketplaceIntroQueryOptions(by));

  if (intro.isPending) {
    return (
      <div className={styles.page}>
        <Spinner label={t('join.loading')} />
      </div>
    );
  }
  if (intro.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('join.noMarketplaceTitle')}</h1>
        <FormStatus error={intro.error} />
      </div>
    );
  }
  if (!intro.data) {
    return (
      <div className={styles.page}>
        <h1>{t('join.noMarketplaceTitle')}</h1>
        <p>{t('join.noMarketplace')}</p>
        {'host' in by ? <MarketplacesElsewhere host={by.host} /> : null}
      </div>
    );
  }
  return (
    <JoinView
      byId={'marketplaceId' in by}
      marketplace={intro.data}
      variant={variant}
      initialChoice={initialChoice}
      beforePlans={beforePlans}
    />
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useCurrentOrganization, useOrganizations } from '@/lib/account/current-organization';
import { joinMarketplace } from '@/lib/account/mutations';
import { accountKeys, marketplaceStatusQuery } from '@/lib/account/queries';
import { toAppError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { saveReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { doorUrlAt } from '../door';
import {
  marketplaceIntroQuery,
  marketplacesElsewhereQuery,
  type MarketplaceIntro,
} from '../marketplace-intro';
import styles from '../onboarding.module.css';
import { NO_CHOICE, plansPath, registerPath, type PlanChoice } from '../plan-choice';
import { FormError, Note } from './form-parts';
import { PlanPicker } from './plan-picker';

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
  const intro = useQuery(marketplaceIntroQuery(by));

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
        <FormError error={intro.error} />
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

/** Links to the marketplaces' own hosts, where their join pages live. */
function MarketplacesElsewhere({ host }: { host: string }) {
  const { t } = useTranslation('onboarding');
  const elsewhere = useQuery(marketplacesElsewhereQuery(host));
  if (!elsewhere.data?.length) return null;
  return (
    <section aria-labelledby="join-elsewhere">
      <h2 id="join-elsewhere">{t('join.elsewhere')}</h2>
      <ul>
        {elsewhere.data.map((marketplace) => (
          <li key={marketplace.host}>
            <a href={doorUrlAt(marketplace.host)}>{t('join.elsewhereLink', { name: marketplace.name })}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function JoinView({
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
  const queryClient = useQueryClient();
  const session = useSession();
  const organizations = useOrganizations();
  const organization = useCurrentOrganization();
  const [choice, setChoice] = useState<PlanChoice>(initialChoice);
  const status = useQuery({
    ...marketplaceStatusQuery(organization?.organizationId ?? '', marketplace.id),
    enabled: Boolean(organization),
  });

  const goToPlans = () => {
    beforePlans?.(marketplace.id);
    void navigate(plansPath(byId ? marketplace.id : null, choice));
  };

  const join = useMutation({
    mutationFn: async (organizationId: string) => {
      await joinMarketplace(marketplace.id, organizationId);
      // The guard reads the status with ensureQueryData (a cached answer wins): read it again now.
      await queryClient.invalidateQueries({
        queryKey: accountKeys.marketplaceStatus(organizationId, marketplace.id),
      });
      await queryClient.fetchQuery({
        ...marketplaceStatusQuery(organizationId, marketplace.id),
        staleTime: 0,
      });
    },
    onSuccess: goToPlans,
  });

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
    join.mutate(organization.organizationId);
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
        <Note>{t('join.alreadyMember', { organization: organizationName, name: marketplace.name })}</Note>
      ) : null}
      {forbidden ? (
        <FormError>{t('join.forMember', { organization: organizationName })}</FormError>
      ) : (
        <FormError error={join.isError ? join.error : status.isError ? status.error : null} />
      )}

      <div className={styles.actions}>
        <Button onClick={onJoin} loading={join.isPending} disabled={waiting || forbidden}>
          {status.data?.isMember ? t('join.continue') : t('join.submit')}
        </Button>
      </div>
      {!session ? <p>{t('join.signInHint')}</p> : null}
    </div>
  );
}

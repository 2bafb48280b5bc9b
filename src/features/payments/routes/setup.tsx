import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { PaymentMethodsHelp } from '@/components/payment-methods-help';
import { Skeleton } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { peekReturnTo } from '@/lib/return-to';
import { planChoicesQueryOptions } from '../api/get-plan-choices';
import { CardSection } from '../components/card-section';
import { PaymentNeeded } from '../components/payment-needed';
import { PlanForm } from '../components/plan-form';
import styles from '../components/setup.module.css';

/**
 * `/payments/setup` (payments-setup; docs/payments.md «Screens»): the plan per marketplace, the saved
 * card with «Bytt kort» / «Fjern kort», and the card form. The guard sends a plan that needs a card
 * here and remembers where the user was going; the page says so (why, what next, what is for sale)
 * and saving the card goes back there (else /payments).
 */
export default function PaymentsSetupPage() {
  const { t } = useTranslation('payments');
  const organization = useCurrentOrganization();

  return (
    <div className={`${page.page} ${page.narrow}`}>
      <h1>{t('setup.title')}</h1>
      {organization ? (
        <>
          <p>{t('setup.intro', { organization: organization.name })}</p>
          <WhyHere organizationId={organization.organizationId} organizationName={organization.name} />
          <CardSection
            organizationId={organization.organizationId}
            organizationName={organization.name}
            canManage={organization.role === 'owner' || organization.role === 'admin'}
          />
          <Plans
            organizationId={organization.organizationId}
            canManage={organization.role === 'owner' || organization.role === 'admin'}
          />
          <PaymentMethodsHelp />
        </>
      ) : (
        <div aria-busy="true" aria-label={t('setup.loading')}>
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}

/** Each marketplace whose plan cannot buy a lead yet: why the user is here, and what is for sale. */
function WhyHere({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const plans = useQuery(planChoicesQueryOptions(organizationId));
  const blocked = plans.data?.filter((marketplace) => marketplace.needsPaymentSetup) ?? [];
  // Read once per render: the guard saved it before sending the user here.
  const returnsToMarketplace = peekReturnTo() !== null;
  return blocked.map((marketplace) => (
    <PaymentNeeded
      key={marketplace.marketplaceId}
      organizationName={organizationName}
      marketplace={marketplace}
      returnsToMarketplace={returnsToMarketplace}
    />
  ));
}

function Plans({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { t } = useTranslation('payments');
  const plans = useQuery(planChoicesQueryOptions(organizationId));
  return (
    <section className={styles.section} aria-labelledby="payments-setup-plans" aria-busy={plans.isPending}>
      <h2 id="payments-setup-plans">{t('setup.plans.heading')}</h2>
      {plans.isPending ? (
        <Skeleton height="8rem" />
      ) : plans.isError ? (
        <FormStatus error={plans.error} />
      ) : plans.data.length === 0 ? (
        <p>
          {t('setup.plans.none')} <Link to={paths.joinMarketplace}>{t('setup.plans.join')}</Link>
        </p>
      ) : (
        plans.data.map((marketplace) => (
          <PlanForm
            key={marketplace.marketplaceId}
            organizationId={organizationId}
            marketplace={marketplace}
            canManage={canManage}
          />
        ))
      )}
    </section>
  );
}

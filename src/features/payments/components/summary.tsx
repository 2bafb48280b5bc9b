import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { Skeleton, SkeletonText } from '@/components/skeleton';
import { brandName } from '@/lib/card-brand';
import { formatNumber } from '@/lib/format';
import { balanceQueryOptions } from '@/lib/organization-payments/api/get-balance';
import { paths } from '@/lib/paths';
import type { MarketplacePlan } from '../api/get-plans';
import { savedCardQueryOptions } from '../api/get-saved-card';
import styles from './overview.module.css';

const BALANCE_KINDS = ['tickets', 'credits'] as const;

/** Tickets and credits left (organizations_payments). */
export function Balances({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('payments');
  const balance = useQuery(balanceQueryOptions(organizationId));
  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-balances"
      aria-busy={balance.isPending}
    >
      <h2 id="payments-balances">{t('overview.balances.heading')}</h2>
      {balance.error ? (
        <FormStatus error={balance.error} />
      ) : (
        // While it loads, the same figures with placeholders for the numbers: nothing moves.
        <dl className={styles.figures}>
          {BALANCE_KINDS.map((kind) => (
            <div key={kind} className={styles.figure}>
              <dt>{t(`overview.balances.${kind}`)}</dt>
              <dd data-testid={balance.data ? `balance-${kind}` : undefined}>
                {balance.data ? (
                  formatNumber(balance.data[kind])
                ) : (
                  <Skeleton width="3ch" className={styles.figureSkeleton} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The saved card (brand, last four, expiry) with «Bytt kort» to /payments/setup. */
export function SavedCardSummary({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const card = useQuery(savedCardQueryOptions(organizationId));
  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-card"
      aria-busy={card.isPending}
    >
      <h2 id="payments-card">{t('overview.card.heading')}</h2>
      {card.error ? (
        <FormStatus error={card.error} />
      ) : card.isPending ? (
        // The card's three lines: what it is, when it expires, the link to change it.
        <SkeletonText lines={3} />
      ) : card.data ? (
        <>
          <p className={page.muted}>
            <strong>
              {t('overview.card.summary', { brand: brandName(card.data.brand), last4: card.data.last4 })}
            </strong>
          </p>
          {card.data.expMonth && card.data.expYear ? (
            <p className={page.muted}>
              {t('overview.card.expires', {
                month: String(card.data.expMonth).padStart(2, '0'),
                year: String(card.data.expYear).slice(-2),
              })}
            </p>
          ) : null}
          {canManage ? <Link to={paths.paymentsSetup}>{t('overview.card.change')}</Link> : null}
        </>
      ) : (
        <>
          <p className={page.muted}>{t('overview.card.none')}</p>
          {canManage ? <Link to={paths.paymentsSetup}>{t('overview.card.add')}</Link> : null}
        </>
      )}
    </section>
  );
}

/** The plan per marketplace (organizations_marketplaces_configs), changed on /payments/setup. */
export function Plans({
  plans,
  error,
  canManage,
}: {
  plans: MarketplacePlan[] | undefined;
  error: unknown;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const planText = (plan: MarketplacePlan) =>
    plan.plan === 'on_demand'
      ? t('overview.plans.onDemand')
      : plan.plan === 'tickets'
        ? plan.ticketsPerMonth
          ? t('overview.plans.ticketsWithPack', { count: plan.ticketsPerMonth })
          : t('overview.plans.tickets')
        : t('overview.plans.none');
  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-plans"
      aria-busy={!plans && !error}
    >
      <h2 id="payments-plans">{t('overview.plans.heading')}</h2>
      {error ? (
        <FormStatus error={error} />
      ) : !plans ? (
        <SkeletonText lines={2} />
      ) : plans.length === 0 ? (
        <p className={page.muted}>{t('overview.plans.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {plans.map((plan) => (
            <li key={plan.marketplaceId} className={styles.planRow}>
              <strong>{plan.name}</strong>
              <span>{planText(plan)}</span>
            </li>
          ))}
        </ul>
      )}
      {canManage && plans && plans.length > 0 ? (
        <Link to={paths.paymentsSetup}>{t('overview.plans.change')}</Link>
      ) : null}
    </section>
  );
}

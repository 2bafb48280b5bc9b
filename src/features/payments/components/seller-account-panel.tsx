import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, Unplug, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { useRefreshSellerAccount, useStartSellerAccount } from '../api/connect-seller-account';
import {
  sellerAccountQueryOptions,
  sellerAccountStatus,
  type SellerAccountStatus,
} from '../api/get-seller-account';
import { leavePage } from '../utils/leave-page';
import styles from './overview.module.css';

const LOOK: Record<SellerAccountStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  'not-connected': { tone: 'neutral', icon: Unplug },
  pending: { tone: 'warning', icon: Clock },
  ready: { tone: 'success', icon: CircleCheck },
};

/** Stripe sends the seller back to /payments with `?tilkobling=ferdig`, or `fornye` for an expired link. */
const RETURN_PARAM = 'tilkobling';

/**
 * «Motta betaling i kassene»: the organization's own Stripe account, which its checkouts charge
 * (docs/payments.md «Stripe Connect»). Its status in words, «Koble til Stripe» / «Fortsett
 * registreringen» to Stripe's registration (owners and admins), and the state asked again on return.
 */
export function SellerAccountPanel({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const account = useQuery(sellerAccountQueryOptions(organizationId));
  const start = useStartSellerAccount(organizationId);
  const refresh = useRefreshSellerAccount(organizationId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get(RETURN_PARAM);
  // Stripe's link had expired (or was used): said until the page is left, though the marker is dropped.
  const [expired] = useState(() => returned === 'fornye');
  const [checked, setChecked] = useState(false);
  const { mutate: refreshAccount } = refresh;

  // Back from Stripe: ask for the account's state once, and drop the marker so a reload does not.
  useEffect(() => {
    if (!returned || !canManage) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete(RETURN_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    heading.current?.focus();
    refreshAccount(undefined, { onSuccess: () => setChecked(true) });
  }, [returned, canManage, setSearchParams, refreshAccount]);

  const status = account.data !== undefined ? sellerAccountStatus(account.data) : null;
  const connect = () =>
    start.mutate(undefined, {
      // The link is single-use and short-lived: straight to Stripe (the local test account is ready).
      onSuccess: (answer) => leavePage(answer.url),
    });
  const check = () => {
    setChecked(false);
    refresh.mutate(undefined, { onSuccess: () => setChecked(true) });
  };
  const Icon = status ? LOOK[status].icon : null;

  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-seller-account"
      aria-busy={account.isPending || refresh.isPending}
    >
      <h2 id="payments-seller-account" ref={heading} tabIndex={-1}>
        {t('overview.sellerAccount.heading')}
      </h2>
      <p className={page.muted}>{t('overview.sellerAccount.intro')}</p>
      {account.error ? (
        <FormStatus error={account.error} />
      ) : !status || !Icon ? (
        <SkeletonText lines={3} />
      ) : (
        <>
          <p className={styles.sellerStatus}>
            <span>{t('overview.sellerAccount.statusLabel')}</span>{' '}
            <Badge tone={LOOK[status].tone} icon={<Icon />}>
              {t(`overview.sellerAccount.status.${status}`)}
            </Badge>{' '}
            {account.data?.provider === 'local' ? (
              <Badge tone="info">{t('overview.sellerAccount.localAccount')}</Badge>
            ) : null}
          </p>
          <p className={page.muted}>{t(`overview.sellerAccount.explain.${status}`)}</p>
          {account.data?.provider === 'local' ? (
            <p className={page.muted}>{t('overview.sellerAccount.localExplain')}</p>
          ) : null}
          {status === 'ready' && account.data && !account.data.payoutsEnabled ? (
            <p className={page.muted}>{t('overview.sellerAccount.payoutsPending')}</p>
          ) : null}
          {expired && status !== 'ready' ? (
            <FormStatus tone="info">{t('overview.sellerAccount.expired')}</FormStatus>
          ) : null}
          {checked && !refresh.isPending ? (
            <FormStatus tone="success">
              {t('overview.sellerAccount.checked', { status: t(`overview.sellerAccount.status.${status}`) })}
            </FormStatus>
          ) : null}
          <FormStatus error={start.error ?? refresh.error} />
          {canManage ? (
            <div className={styles.sellerActions}>
              {status !== 'ready' ? (
                <Button onClick={connect} loading={start.isPending || start.isSuccess}>
                  {status === 'not-connected'
                    ? t('overview.sellerAccount.connect')
                    : t('overview.sellerAccount.continue')}
                </Button>
              ) : null}
              {status !== 'not-connected' ? (
                <Button variant="secondary" onClick={check} loading={refresh.isPending}>
                  {t('overview.sellerAccount.check')}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className={page.muted}>{t('overview.sellerAccount.readOnly')}</p>
          )}
        </>
      )}
    </section>
  );
}

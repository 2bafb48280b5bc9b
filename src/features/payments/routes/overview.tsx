import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import page from '@/components/page.module.css';
import { ReceiptEmails } from '@/components/receipt-emails';
import { SkeletonText } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { plansQueryOptions } from '../api/get-plans';
import { Ledger } from '../components/ledger';
import styles from '../components/overview.module.css';
import { Packs } from '../components/packs';
import { SellerAccountPanel } from '../components/seller-account-panel';
import { Balances, Plans, SavedCardSummary } from '../components/summary';

/**
 * /payments (payments), in three tabs: the organization's plans, balances and saved card with buying
 * ticket and credit packs, and its own Stripe account for the checkouts' payments; the ledger with receipts; receipt e-mail addresses (docs/payments.md «Screens»). Members
 * read everything; owners and admins buy and change (RLS and payments-pack decide, too).
 */
const VIEWS = ['oversikt', 'transaksjoner', 'kvitteringer'] as const;

export default function PaymentsOverviewPage() {
  const { t } = useTranslation('payments');
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const canManage = membership?.role === 'owner' || membership?.role === 'admin';
  const plans = useQuery({ ...plansQueryOptions(organizationId), enabled: organizationId !== '' });
  // The tab is in the URL (`?vis=`), so a link and the back button land on it; on a phone the ledger
  // is then the first thing under the heading instead of below the balances and the packs.
  const [searchParams, setSearchParams] = useSearchParams();
  const view = VIEWS.find((item) => item === searchParams.get('vis')) ?? 'oversikt';
  const showView = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'oversikt') params.delete('vis');
        else params.set('vis', next);
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('overview.title')}</h1>
        {membership ? (
          <p className={page.muted}>{t('overview.intro', { organization: membership.name })}</p>
        ) : null}
        {membership && !canManage ? <p className={page.muted}>{t('overview.readOnly')}</p> : null}
      </header>
      {membership ? (
        <Tabs
          label={t('overview.tabs.label')}
          value={view}
          onValueChange={showView}
          items={[
            {
              value: 'oversikt',
              label: t('overview.tabs.overview'),
              content: (
                <div className={styles.tab}>
                  <div className={styles.summary}>
                    <Balances organizationId={organizationId} />
                    <SavedCardSummary organizationId={organizationId} canManage={canManage} />
                    <Plans plans={plans.data} error={plans.error} canManage={canManage} />
                  </div>
                  <Packs organizationId={organizationId} marketplaces={plans.data} canManage={canManage} />
                  <SellerAccountPanel organizationId={organizationId} canManage={canManage} />
                </div>
              ),
            },
            {
              value: 'transaksjoner',
              label: t('overview.tabs.ledger'),
              content: <Ledger organizationId={organizationId} />,
            },
            {
              value: 'kvitteringer',
              label: t('overview.tabs.receipts'),
              content: <ReceiptEmails organizationId={organizationId} canManage={canManage} />,
            },
          ]}
        />
      ) : (
        <SkeletonText lines={6} />
      )}
    </div>
  );
}

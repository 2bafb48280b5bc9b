import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import page from '@/components/page.module.css';
import { ReceiptEmails } from '@/components/receipt-emails';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { plansQueryOptions } from '../api/get-plans';
import { Ledger } from '../components/ledger';
import styles from '../components/overview.module.css';
import { Packs } from '../components/packs';
import { Balances, Plans, SavedCardSummary } from '../components/summary';

/**
 * /payments (payments): the organization's plans, balances and saved card; buying ticket and credit
 * packs; the ledger with receipts; receipt e-mail addresses (docs/payments.md «Screens»). Members
 * read everything; owners and admins buy and change (RLS and payments-pack decide, too).
 */
export default function PaymentsOverviewPage() {
  const { t } = useTranslation('payments');
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const canManage = membership?.role === 'owner' || membership?.role === 'admin';
  const plans = useQuery({ ...plansQueryOptions(organizationId), enabled: organizationId !== '' });

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
        <>
          <div className={styles.summary}>
            <Balances organizationId={organizationId} />
            <SavedCardSummary organizationId={organizationId} canManage={canManage} />
            <Plans plans={plans.data} error={plans.error} canManage={canManage} />
          </div>
          <Packs organizationId={organizationId} marketplaces={plans.data} canManage={canManage} />
          <Ledger organizationId={organizationId} />
          <ReceiptEmails organizationId={organizationId} canManage={canManage} />
        </>
      ) : (
        <SkeletonText lines={6} />
      )}
    </div>
  );
}

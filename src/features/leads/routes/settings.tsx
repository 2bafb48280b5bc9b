import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { ReceiptEmails } from '@/components/receipt-emails';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { leadsConfigQueryOptions } from '../api/get-leads-config';
import { ConfigForm } from '../components/config-form';

/** /leads/settings (leads-marketplace-settings): e-mail notifications, default prices, receipts. */
export default function LeadsSettingsPage() {
  const { t } = useTranslation('leads');
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const canManage = membership?.role === 'owner' || membership?.role === 'admin';
  const config = useQuery({ ...leadsConfigQueryOptions(organizationId), enabled: organizationId !== '' });

  return (
    <div className={layout.page}>
      <Link to={paths.leads}>{t('settings.back')}</Link>
      <h1>{t('settings.title')}</h1>
      {membership && !canManage ? <p className={layout.muted}>{t('settings.onlyAdmins')}</p> : null}
      <FormStatus error={config.error} />
      {config.data ? (
        <ConfigForm
          key={organizationId}
          organizationId={organizationId}
          config={config.data}
          disabled={!canManage}
        />
      ) : config.isPending ? (
        <SkeletonText lines={6} />
      ) : null}
      {organizationId ? <ReceiptEmails organizationId={organizationId} canManage={canManage} /> : null}
    </div>
  );
}

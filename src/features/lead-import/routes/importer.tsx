import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/spinner';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { useOrganizations } from '@/lib/account/api/get-organizations';
import { LeadImporter } from '../components/lead-importer';

/** /leads/importer (leads-importer): import leads from a CSV file into the current organization. */
export default function LeadsImporterPage() {
  const { t } = useTranslation('lead-import');
  const organizations = useOrganizations();
  const membership = useCurrentOrganization();
  if (organizations.isPending) return <Spinner />;
  if (!membership) return <p>{t('noOrganization')}</p>;
  return <LeadImporter key={membership.organizationId} organizationId={membership.organizationId} />;
}

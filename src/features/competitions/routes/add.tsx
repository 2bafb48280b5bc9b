import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import layout from '@/components/page.module.css';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { CreateCompetitionForm } from '../components/create-competition-form';
import { useCompetitionLinks } from '../hooks/use-competition-links';

/** /fyllopp/add (fyllopp-add): a new draft competition, then on to its editor. */
export default function CompetitionAddPage() {
  const { t } = useTranslation('competitions');
  const links = useCompetitionLinks();
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  return (
    <div className={`${layout.page} ${layout.narrow}`}>
      <Link to={links.list}>{t('create.back')}</Link>
      <h1>{t('create.title')}</h1>
      {organizationId ? <CreateCompetitionForm organizationId={organizationId} /> : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import layout from '@/components/page.module.css';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { CreateCalendarForm } from '../components/create-calendar-form';

/** /calendar/add (calendar-add): a new draft calendar, then on to its editor. */
export default function CalendarAddPage() {
  const { t } = useTranslation('calendars');
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  return (
    <div className={`${layout.page} ${layout.narrow}`}>
      <Link to={paths.calendars}>{t('create.back')}</Link>
      <h1>{t('create.title')}</h1>
      {organizationId ? <CreateCalendarForm organizationId={organizationId} /> : null}
    </div>
  );
}

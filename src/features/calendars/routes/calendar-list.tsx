import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/button-link';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListPage } from '@/components/list-page';
import type { TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDate, formatNumber } from '@/lib/format';
import { calendarsQueryOptions, type CalendarListItem } from '../api/get-calendars';
import { CalendarActionsMenu } from '../components/calendar-actions-menu';
import styles from '../components/calendars.module.css';
import { StatusBadge } from '../components/status-badge';

/** /calendar/list (calendars): the organization's calendars, their state and what to do with each. */
export default function CalendarListPage() {
  const { t } = useTranslation('calendars');
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const calendars = useQuery({ ...calendarsQueryOptions(organizationId), enabled: organizationId !== '' });

  const columns: TableColumn<CalendarListItem>[] = [
    nameColumn(t('list.name'), (row) => `/calendar/${row.id}/edit`),
    statusColumn(t('list.status'), (row) => <StatusBadge status={row.calendar_status} />),
    {
      key: 'period',
      header: t('list.period'),
      cell: (row) =>
        `${formatDate(`${row.starts_on}T12:00:00Z`)} – ${formatDate(`${row.ends_on}T12:00:00Z`)}`,
      compare: (a, b) => a.starts_on.localeCompare(b.starts_on),
      priority: 'secondary',
      card: 'meta',
    },
    {
      key: 'participants',
      header: t('list.participants'),
      cell: (row) => formatNumber(row.participants),
      align: 'end',
      compare: (a, b) => a.participants - b.participants,
    },
    {
      key: 'entriesToday',
      header: t('list.entriesToday'),
      cell: (row) => formatNumber(row.entriesToday),
      align: 'end',
      priority: 'secondary',
    },
    // The row's one main action, then the rest in one menu: one style for secondary actions.
    actionsColumn(t('list.actions'), (row) => (
      <div className={styles.rowActions}>
        <Link to={`/calendar/${row.id}/edit`}>{t('list.edit')}</Link>
        <CalendarActionsMenu calendar={row} />
      </div>
    )),
  ];

  const createLink = (label: string) => <ButtonLink to="/calendar/add">{label}</ButtonLink>;
  return (
    <ListPage
      title={t('list.title')}
      intro={t('list.intro')}
      action={createLink(t('list.create'))}
      list={{
        data: calendars.data,
        error: calendars.error,
        loading: calendars.isPending && organizationId !== '',
      }}
      caption={t('list.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{
        title: t('list.emptyTitle'),
        description: t('list.emptyBody'),
        action: createLink(t('list.emptyAction')),
      }}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/button-link';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListPage } from '@/components/list-page';
import type { TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDate, formatNumber } from '@/lib/format';
import { competitionsQueryOptions, type CompetitionListItem } from '../api/get-competitions';
import styles from '../components/competitions.module.css';
import { ProgressBar } from '../components/progress-bar';
import { StatusBadge } from '../components/status-badge';
import { useCompetitionLinks } from '../hooks/use-competition-links';

const day = (key: string) => formatDate(`${key}T12:00:00Z`);

/** /fyllopp/list (and / on the competition host; fyllopp): the organization's competitions and how far each has come. */
export default function CompetitionListPage() {
  const { t } = useTranslation('competitions');
  const links = useCompetitionLinks();
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const competitions = useQuery({
    ...competitionsQueryOptions(organizationId),
    enabled: organizationId !== '',
  });

  const columns: TableColumn<CompetitionListItem>[] = [
    nameColumn(t('list.name'), (row) => links.edit(row.id)),
    statusColumn(t('list.status'), (row) => <StatusBadge status={row.status} />),
    {
      key: 'period',
      header: t('list.period'),
      cell: (row) => `${day(row.starts_on)} – ${day(row.ends_on)}`,
      compare: (a, b) => a.starts_on.localeCompare(b.starts_on),
      priority: 'secondary',
      card: 'meta',
    },
    {
      key: 'teams',
      header: t('list.teams'),
      cell: (row) => formatNumber(row.teams),
      align: 'end',
      compare: (a, b) => a.teams - b.teams,
    },
    {
      key: 'participants',
      header: t('list.participants'),
      cell: (row) => formatNumber(row.participants),
      align: 'end',
      compare: (a, b) => a.participants - b.participants,
    },
    {
      key: 'progress',
      header: t('list.progress'),
      cell: (row) => (
        <div className={styles.progress}>
          <span>
            {t('list.progressValue', {
              total: formatNumber(row.total),
              goal: formatNumber(row.goal),
              unit: row.unit,
              percent: formatNumber(row.percent),
            })}
          </span>
          <ProgressBar percent={row.percent} />
        </div>
      ),
      compare: (a, b) => a.percent - b.percent,
    },
    actionsColumn(t('list.actions'), (row) => (
      <div className={styles.rowActions}>
        <Link to={links.edit(row.id)} aria-label={`${t('list.edit')} ${row.name}`}>
          {t('list.edit')}
        </Link>
        <Link to={links.preview(row.id)}>{t('editor.preview')}</Link>
      </div>
    )),
  ];

  const createLink = (label: string) => <ButtonLink to={links.add}>{label}</ButtonLink>;
  return (
    <ListPage
      title={t('list.title')}
      intro={t('list.intro')}
      action={createLink(t('list.create'))}
      list={{
        data: competitions.data,
        error: competitions.error,
        loading: competitions.isPending && organizationId !== '',
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

import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListPage } from '@/components/list-page';
import { notify } from '@/components/notification-store';
import { archiveAction, duplicateAction, figuresAction, publishAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import type { TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { copyText } from '@/lib/copy-text';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { bookingSolutionsQueryOptions } from '../api/get-booking-solutions';
import { useArchiveSolution, useDuplicateSolution, usePublishSolution } from '../api/solution-actions';
import type { BookingSolutionListItem } from '../api/types';
import { CreateSolutionDialog } from '../components/list/create-solution-dialog';
import { SolutionStatusBadge } from '../components/list/solution-status-badge';
import { publicBookingLink, utilisationPercent } from '../utils/solution-figures';

const dashboardPath = (id: string) => `${paths.bookingSolutions}/${encodeURIComponent(id)}`;

/** /booking-solutions: the organization's booking pages with this week's figures; create, copy, publish, archive. */
export default function BookingListPage() {
  const { t } = useTranslation('booking');
  const { t: common } = useTranslation('common');
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  useDocumentTitle(`${t('title')} · ${common('appName')}`);
  const solutions = useQuery({
    ...bookingSolutionsQueryOptions(organizationId),
    enabled: organizationId !== '',
  });
  const duplicate = useDuplicateSolution();
  const publish = usePublishSolution();
  const archive = useArchiveSolution();
  const [creating, setCreating] = useState(false);

  const onPublish = (row: BookingSolutionListItem, published: boolean) =>
    publish.mutate(
      { solutionId: row.id, publishedAt: published ? new Date().toISOString() : null },
      {
        onSuccess: () =>
          notify({
            message: t(published ? 'list.published' : 'list.unpublished', { name: row.name }),
            tone: 'success',
          }),
      },
    );

  const columns: TableColumn<BookingSolutionListItem>[] = [
    nameColumn(t('list.name'), (row) => dashboardPath(row.id)),
    statusColumn(t('list.status'), (row) => <SolutionStatusBadge status={row.status} />),
    {
      key: 'upcoming',
      header: t('list.upcoming'),
      align: 'end',
      cell: (row) => formatNumber(row.upcoming),
      compare: (a, b) => a.upcoming - b.upcoming,
    },
    {
      key: 'utilisation',
      header: t('list.utilisation'),
      align: 'end',
      cell: (row) => {
        const percent = utilisationPercent(row.bookedMinutes, row.availableMinutes);
        return percent === null
          ? t('list.noAvailability')
          : t('list.utilisationValue', { percent, hours: formatNumber(row.availableMinutes / 60) });
      },
    },
    {
      key: 'noShows',
      header: t('list.noShows'),
      align: 'end',
      cell: (row) => formatNumber(row.noShows),
    },
    actionsColumn(t('list.actions'), (row) => (
      <RowMenu
        label={t('list.rowActions', { name: row.name })}
        actions={[
          figuresAction(t('list.open'), dashboardPath(row.id)),
          {
            label: t('list.copyLink'),
            icon: <Link2 />,
            onSelect: () =>
              void copyText(publicBookingLink(window.location.origin, row.id), {
                done: t('list.linkCopied'),
                failed: t('list.copyFailed'),
              }),
          },
          duplicateAction(t('list.duplicate'), () => duplicate.mutate(row.id)),
          publishAction(
            row.status,
            { publish: t('list.publish'), unpublish: t('list.unpublish') },
            (published) => onPublish(row, published),
          ),
          row.status !== 'archived' &&
            archiveAction({
              label: t('list.archive'),
              question: t('list.archiveConfirm', { name: row.name }),
              description: t('list.archiveConfirmBody'),
              onArchive: () => archive.mutate(row.id),
            }),
        ]}
      />
    )),
  ];

  const createButton = <Button onClick={() => setCreating(true)}>{t('create.open')}</Button>;
  return (
    <ListPage
      title={t('title')}
      intro={t('list.intro')}
      action={createButton}
      list={{
        data: solutions.data,
        error: solutions.error,
        loading: solutions.isPending && organizationId !== '',
      }}
      actionError={duplicate.error ?? publish.error ?? archive.error}
      caption={t('list.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: createButton }}
    >
      <CreateSolutionDialog organizationId={organizationId} open={creating} onOpenChange={setCreating} />
    </ListPage>
  );
}

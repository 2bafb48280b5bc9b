import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListPage } from '@/components/list-page';
import { notify } from '@/components/notification-store';
import { archiveAction, duplicateAction, editAction, figuresAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import type { TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatMoney, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  funnelsQueryOptions,
  useArchiveFunnel,
  useDuplicateFunnel,
  type FunnelListItem,
} from '../api/funnel-list';
import { FunnelStatusBadge } from '../components/funnel-status-badge';
import { CreateFunnelDialog } from '../components/list/create-funnel-dialog';

/** /funnels: the organization's funnels with status and the last 30 days' figures; create, duplicate, archive. */
export default function FunnelListPage() {
  const { t } = useTranslation('funnels');
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId ?? '';
  const funnels = useQuery({ ...funnelsQueryOptions(organizationId), enabled: organizationId !== '' });
  const duplicate = useDuplicateFunnel(organizationId);
  const archive = useArchiveFunnel(organizationId);
  const [creating, setCreating] = useState(false);

  const onDuplicate = (row: FunnelListItem) =>
    duplicate.mutate(row.id, {
      onSuccess: () => notify({ message: t('list.duplicated', { name: row.name }), tone: 'success' }),
    });
  const onArchive = (row: FunnelListItem) =>
    archive.mutate(row.id, {
      onSuccess: () => notify({ message: t('list.archived', { name: row.name }), tone: 'success' }),
    });

  const columns: TableColumn<FunnelListItem>[] = [
    nameColumn(t('list.name'), (row) => paths.funnelEdit(row.id)),
    statusColumn(t('list.status'), (row) => <FunnelStatusBadge status={row.status} />),
    {
      key: 'steps',
      header: t('list.steps'),
      align: 'end',
      priority: 'secondary',
      cell: (row) => formatNumber(row.steps),
    },
    {
      key: 'visitors',
      header: t('list.visitors'),
      align: 'end',
      cell: (row) => formatNumber(row.visitors),
      compare: (a, b) => a.visitors - b.visitors,
    },
    {
      key: 'orders',
      header: t('list.orders'),
      align: 'end',
      cell: (row) => formatNumber(row.orders),
      compare: (a, b) => a.orders - b.orders,
    },
    {
      key: 'revenue',
      header: t('list.revenue'),
      align: 'end',
      cell: (row) => formatMoney(row.revenueOre),
      compare: (a, b) => a.revenueOre - b.revenueOre,
    },
    actionsColumn(t('list.actions'), (row) => (
      <RowMenu
        label={t('list.rowActions', { name: row.name })}
        actions={[
          editAction(t('list.edit'), paths.funnelEdit(row.id)),
          figuresAction(t('list.figures'), paths.funnelEdit(row.id, 'tall')),
          duplicateAction(t('list.duplicate'), () => onDuplicate(row)),
          row.status !== 'archived' &&
            archiveAction({
              label: t('list.archive'),
              question: t('list.archiveConfirm', { name: row.name }),
              description: t('list.archiveConfirmBody'),
              onArchive: () => onArchive(row),
            }),
        ]}
      />
    )),
  ];

  const createButton = <Button onClick={() => setCreating(true)}>{t('list.create.open')}</Button>;
  return (
    <ListPage
      title={t('title')}
      intro={t('list.intro')}
      action={createButton}
      list={{ data: funnels.data, error: funnels.error, loading: funnels.isPending && organizationId !== '' }}
      actionError={duplicate.error ?? archive.error}
      caption={t('list.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: createButton }}
    >
      <CreateFunnelDialog organizationId={organizationId} open={creating} onOpenChange={setCreating} />
    </ListPage>
  );
}

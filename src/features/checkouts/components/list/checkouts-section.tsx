import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListBody } from '@/components/list-page';
import { notify } from '@/components/notification-store';
import { archiveAction, duplicateAction, figuresAction, publishAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import type { TableColumn } from '@/components/table';
import { formatMoney, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  checkoutsQueryOptions,
  useArchiveCheckout,
  useDuplicateCheckout,
  usePublishCheckout,
  type CheckoutListItem,
  type CheckoutStatus,
} from '../../api/checkout-list';
import { SectionHeader } from '../catalog/section-header';
import { CreateCheckoutDialog } from './create-checkout-dialog';

const STATUS_TONE: Record<CheckoutStatus, BadgeTone> = {
  draft: 'neutral',
  live: 'success',
  archived: 'warning',
};
const figuresPath = (id: string) => `${paths.checkouts}/${encodeURIComponent(id)}`;

/** «Kasser»: the organization's checkouts with status and figures; create, duplicate, publish, archive. */
export function CheckoutsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const checkouts = useQuery({ ...checkoutsQueryOptions(organizationId), enabled: organizationId !== '' });
  const duplicate = useDuplicateCheckout(organizationId);
  const publish = usePublishCheckout(organizationId);
  const archive = useArchiveCheckout(organizationId);
  const [creating, setCreating] = useState(false);

  const onCopyLink = async (row: CheckoutListItem) => {
    await navigator.clipboard.writeText(`${window.location.origin}/kasse/${row.id}`);
    notify({ message: t('list.linkCopied'), tone: 'success' });
  };
  const onPublish = (row: CheckoutListItem, published: boolean) =>
    publish.mutate(
      { checkoutId: row.id, published },
      {
        onSuccess: () =>
          notify({
            message: t(published ? 'list.published' : 'list.unpublished', { name: row.name }),
            tone: 'success',
          }),
      },
    );

  const columns: TableColumn<CheckoutListItem>[] = [
    nameColumn(t('list.name'), (row) => figuresPath(row.id)),
    statusColumn(t('list.status'), (row) => (
      <Badge tone={STATUS_TONE[row.status]}>{t(`figures.${row.status}`)}</Badge>
    )),
    {
      key: 'products',
      header: t('list.products'),
      priority: 'secondary',
      cell: (row) => row.products.join(', '),
    },
    { key: 'visits', header: t('list.visits'), align: 'end', cell: (row) => formatNumber(row.visits) },
    { key: 'orders', header: t('list.orders'), align: 'end', cell: (row) => formatNumber(row.orders) },
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
          figuresAction(t('list.figures'), figuresPath(row.id)),
          { label: t('list.copyLink'), icon: <Link2 />, onSelect: () => void onCopyLink(row) },
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

  const createButton = <Button onClick={() => setCreating(true)}>{t('list.create.open')}</Button>;
  return (
    <>
      <SectionHeader intro={t('list.intro')} action={createButton} />
      <ListBody
        list={{
          data: checkouts.data,
          error: checkouts.error,
          loading: checkouts.isPending && organizationId !== '',
        }}
        actionError={duplicate.error ?? publish.error ?? archive.error}
        caption={t('list.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: createButton }}
      />
      <CreateCheckoutDialog organizationId={organizationId} open={creating} onOpenChange={setCreating} />
    </>
  );
}

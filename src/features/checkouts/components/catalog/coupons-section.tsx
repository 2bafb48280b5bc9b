import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { ListBody } from '@/components/list-page';
import { Menu, MenuItem } from '@/components/menu';
import { notify } from '@/components/notification-store';
import type { TableColumn } from '@/components/table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { checkoutsQueryOptions } from '../../api/checkout-list';
import { couponsQueryOptions, useSetCouponArchived, type CatalogCoupon } from '../../api/coupons';
import { couponStatus, type CouponStatus } from '../../utils/coupon-form';
import { formatPrice } from '../../utils/price-text';
import { CouponDialog } from './coupon-dialog';
import { SectionHeader } from './section-header';

const STATUS_TONE: Record<CouponStatus, BadgeTone> = {
  active: 'success',
  expired: 'warning',
  usedUp: 'warning',
  archived: 'neutral',
};

/** «Rabattkoder»: the organization's codes with discount, checkout, uses, expiry and status. */
export function CouponsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const enabled = organizationId !== '';
  const coupons = useQuery({ ...couponsQueryOptions(organizationId), enabled });
  const checkouts = useQuery({ ...checkoutsQueryOptions(organizationId), enabled });
  const setArchived = useSetCouponArchived(organizationId);
  // undefined: closed; null: a new code.
  const [editing, setEditing] = useState<CatalogCoupon | null | undefined>(undefined);
  const checkoutName = new Map((checkouts.data ?? []).map((checkout) => [checkout.id, checkout.name]));

  const onArchive = (coupon: CatalogCoupon, archived: boolean) =>
    setArchived.mutate(
      { id: coupon.id, archived },
      {
        onSuccess: () =>
          notify({
            message: t(archived ? 'coupons.archived' : 'coupons.restored', { code: coupon.code }),
            tone: 'success',
          }),
      },
    );

  const columns: TableColumn<CatalogCoupon>[] = [
    {
      key: 'code',
      header: t('coupons.code'),
      card: 'title',
      cell: (row) => <code>{row.code}</code>,
      compare: (a, b) => a.code.localeCompare(b.code, 'nb'),
    },
    {
      key: 'status',
      header: t('coupons.status'),
      card: 'status',
      cell: (row) => {
        const status = couponStatus(row);
        return <Badge tone={STATUS_TONE[status]}>{t(`coupons.statuses.${status}`)}</Badge>;
      },
    },
    {
      key: 'discount',
      header: t('coupons.discount'),
      align: 'end',
      cell: (row) =>
        row.percent_off === null
          ? formatPrice(row.amount_off_ore ?? 0)
          : t('coupons.percentOff', { percent: row.percent_off }),
    },
    {
      key: 'checkout',
      header: t('coupons.checkout'),
      cell: (row) =>
        row.checkout_id === null ? t('coupons.allCheckouts') : (checkoutName.get(row.checkout_id) ?? '…'),
    },
    {
      key: 'uses',
      header: t('coupons.uses'),
      align: 'end',
      cell: (row) =>
        row.max_uses === null
          ? t('coupons.usesUnlimited', { uses: formatNumber(row.uses) })
          : t('coupons.usesOf', { uses: formatNumber(row.uses), max: formatNumber(row.max_uses) }),
    },
    {
      key: 'expires',
      header: t('coupons.expires'),
      cell: (row) => (row.expires_at ? formatDateTime(row.expires_at) : t('coupons.neverExpires')),
    },
    {
      key: 'actions',
      header: t('coupons.actions'),
      card: 'action',
      cell: (row) => (
        <Menu label={t('coupons.rowActions', { code: row.code })}>
          <MenuItem icon={<Pencil />} onSelect={() => setEditing(row)}>
            {t('coupons.edit')}
          </MenuItem>
          {row.archived_at ? (
            <MenuItem icon={<ArchiveRestore />} onSelect={() => onArchive(row, false)}>
              {t('coupons.restore')}
            </MenuItem>
          ) : (
            <MenuItem icon={<Archive />} onSelect={() => onArchive(row, true)}>
              {t('coupons.archive')}
            </MenuItem>
          )}
        </Menu>
      ),
    },
  ];

  const createButton = <Button onClick={() => setEditing(null)}>{t('coupons.create')}</Button>;
  return (
    <>
      <SectionHeader intro={t('coupons.intro')} action={createButton} />
      <ListBody
        list={{ data: coupons.data, error: coupons.error, loading: coupons.isPending && enabled }}
        actionError={setArchived.error}
        caption={t('coupons.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        empty={{ title: t('coupons.emptyTitle'), description: t('coupons.emptyBody'), action: createButton }}
      />
      <CouponDialog
        organizationId={organizationId}
        coupon={editing ?? null}
        checkouts={checkouts.data ?? []}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
    </>
  );
}

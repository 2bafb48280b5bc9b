import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { ListBody } from '@/components/list-page';
import { Menu, MenuItem } from '@/components/menu';
import { notify } from '@/components/notification-store';
import type { TableColumn } from '@/components/table';
import { AppError } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import {
  catalogProductsQueryOptions,
  useDeleteProduct,
  useSetProductArchived,
  type CatalogProduct,
} from '../../api/products';
import { formatPrice } from '../../utils/price-text';
import { ProductDialog } from './product-dialog';
import { SectionHeader } from './section-header';

type ProductStatus = 'onSale' | 'soldOut' | 'archived';
const STATUS_TONE: Record<ProductStatus, BadgeTone> = {
  onSale: 'success',
  soldOut: 'warning',
  archived: 'neutral',
};
const statusOf = (product: CatalogProduct): ProductStatus =>
  product.archivedAt ? 'archived' : product.stock === 0 ? 'soldOut' : 'onSale';

/** «Produkter»: the organization's products with price incl. MVA, rate, stock and status. */
export function ProductsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const products = useQuery({
    ...catalogProductsQueryOptions(organizationId),
    enabled: organizationId !== '',
  });
  const setArchived = useSetProductArchived(organizationId);
  const remove = useDeleteProduct(organizationId);
  // undefined: closed; null: a new product.
  const [editing, setEditing] = useState<CatalogProduct | null | undefined>(undefined);

  const onArchive = async (product: CatalogProduct, archived: boolean) => {
    if (archived) {
      const sure = await confirm({
        title: t('products.archiveConfirm', { name: product.name }),
        description: t('products.archiveConfirmBody'),
        confirmLabel: t('products.archive'),
      });
      if (!sure) return;
    }
    setArchived.mutate(
      { id: product.id, archived },
      {
        onSuccess: () =>
          notify({
            message: t(archived ? 'products.archived' : 'products.restored', { name: product.name }),
            tone: 'success',
          }),
      },
    );
  };
  const onDelete = async (product: CatalogProduct) => {
    const sure = await confirm({
      title: t('products.deleteConfirm', { name: product.name }),
      description: t('products.deleteConfirmBody'),
      confirmLabel: t('products.delete'),
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(product.id, {
      onSuccess: () => notify({ message: t('products.deleted', { name: product.name }), tone: 'success' }),
    });
  };

  const columns: TableColumn<CatalogProduct>[] = [
    {
      key: 'name',
      header: t('products.name'),
      card: 'title',
      cell: (row) => row.name,
      compare: (a, b) => a.name.localeCompare(b.name, 'nb'),
    },
    {
      key: 'status',
      header: t('products.status'),
      card: 'status',
      cell: (row) => (
        <Badge tone={STATUS_TONE[statusOf(row)]}>{t(`products.statuses.${statusOf(row)}`)}</Badge>
      ),
    },
    {
      key: 'price',
      header: t('products.price'),
      align: 'end',
      cell: (row) => t('products.priceInclVat', { price: formatPrice(row.price_ore) }),
      compare: (a, b) => a.price_ore - b.price_ore,
    },
    {
      key: 'vat',
      header: t('products.vat'),
      align: 'end',
      cell: (row) => t('products.vatPercent', { rate: row.vat_rate }),
    },
    {
      key: 'stock',
      header: t('products.stock'),
      align: 'end',
      cell: (row) => (row.stock === null ? t('products.unlimited') : formatNumber(row.stock)),
    },
    {
      key: 'actions',
      header: t('products.actions'),
      card: 'action',
      cell: (row) => (
        <Menu label={t('products.rowActions', { name: row.name })}>
          <MenuItem icon={<Pencil />} onSelect={() => setEditing(row)}>
            {t('products.edit')}
          </MenuItem>
          {row.archivedAt ? (
            <MenuItem icon={<ArchiveRestore />} onSelect={() => void onArchive(row, false)}>
              {t('products.restore')}
            </MenuItem>
          ) : (
            <MenuItem icon={<Archive />} onSelect={() => void onArchive(row, true)}>
              {t('products.archive')}
            </MenuItem>
          )}
          {row.hasOrders ? null : (
            <MenuItem icon={<Trash2 />} tone="danger" onSelect={() => void onDelete(row)}>
              {t('products.delete')}
            </MenuItem>
          )}
        </Menu>
      ),
    },
  ];

  // Only owners and admins delete (RLS); a member is told to archive instead.
  const deleteForbidden = remove.error instanceof AppError && remove.error.code === 'forbidden';
  const createButton = <Button onClick={() => setEditing(null)}>{t('products.create')}</Button>;
  return (
    <>
      <SectionHeader intro={t('products.intro')} action={createButton} />
      {deleteForbidden ? <FormStatus error={remove.error}>{t('products.deleteForbidden')}</FormStatus> : null}
      <ListBody
        list={{
          data: products.data,
          error: products.error,
          loading: products.isPending && organizationId !== '',
        }}
        actionError={setArchived.error ?? (deleteForbidden ? null : remove.error)}
        caption={t('products.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        empty={{
          title: t('products.emptyTitle'),
          description: t('products.emptyBody'),
          action: createButton,
        }}
      />
      <ProductDialog
        organizationId={organizationId}
        product={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
    </>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { notify } from '@/components/notification-store';
import { Table, type TableColumn } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDeleteRevenueImport, type RevenueImport } from '../api/revenue-imports';
import { kroner } from '../utils/report-tables';

/** The organization's revenue imports, newest first; deleting one takes its revenue out of every figure. */
export function ImportsList({
  imports,
  canManage,
}: {
  imports: UseQueryResult<RevenueImport[]>;
  canManage: boolean;
}) {
  const { t } = useTranslation('lifetime-value');
  const remove = useDeleteRevenueImport();

  const ask = async (item: RevenueImport) => {
    const confirmed = await confirm({
      title: t('imports.deleteTitle', { file: item.file_name }),
      description: t('imports.deleteDescription', { count: item.row_count }),
      confirmLabel: t('imports.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    remove.mutate(item.id, {
      onSuccess: () => notify({ tone: 'success', message: t('imports.deleted', { file: item.file_name }) }),
      onError: (error) => notify({ tone: 'error', message: errorMessage(error) }),
    });
  };

  const columns: TableColumn<RevenueImport>[] = [
    { key: 'file', header: t('imports.file'), card: 'title', cell: (item) => item.file_name },
    { key: 'created', header: t('imports.created'), cell: (item) => formatDateTime(item.created_at) },
    { key: 'rows', header: t('imports.rows'), align: 'end', cell: (item) => formatNumber(item.row_count) },
    {
      key: 'matched',
      header: t('imports.matched'),
      align: 'end',
      cell: (item) => formatNumber(item.matched_count),
    },
    {
      key: 'amount',
      header: t('imports.amount'),
      align: 'end',
      cell: (item) => kroner(item.amount_ore),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('imports.actions')}</span>,
            cardLabel: t('imports.actions'),
            card: 'action' as const,
            cell: (item: RevenueImport) => (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void ask(item)}
                aria-label={t('imports.deleteNamed', { file: item.file_name })}
              >
                <Trash2 size={16} aria-hidden="true" />
                {t('imports.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table
      caption={t('imports.title')}
      hideCaption
      columns={columns}
      rows={imports.data ?? []}
      rowKey={(item) => item.id}
      loadingRows={imports.isPending ? 2 : undefined}
      empty={t('imports.empty')}
    />
  );
}

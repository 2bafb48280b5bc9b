import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatMoney, formatMonth, formatNumber } from '@/lib/format';
import type { SalesMonth } from '../api/get-owner-overview';

/** The marketplace's sales per month: purchases, tickets, credits and card amounts. */
export function OwnerSales({ sales }: { sales: SalesMonth[] }) {
  const { t } = useTranslation('marketplace');
  const countColumn = (key: 'purchases' | 'tickets' | 'credits'): TableColumn<SalesMonth> => ({
    key,
    header: t(`admin.sales.${key}`),
    cell: (row) => formatNumber(row[key]),
    align: 'end',
  });
  const columns: TableColumn<SalesMonth>[] = [
    {
      key: 'month',
      header: t('admin.sales.month'),
      cell: (row) => formatMonth(`${row.month}T12:00:00Z`),
    },
    countColumn('purchases'),
    countColumn('tickets'),
    countColumn('credits'),
    {
      key: 'amount',
      header: t('admin.sales.amount'),
      cell: (row) => formatMoney(row.amount_ore),
      align: 'end',
    },
  ];
  return (
    <section className={layout.section}>
      <h2>{t('admin.sales.heading')}</h2>
      <Table
        caption={t('admin.sales.heading')}
        hideCaption
        columns={columns}
        rows={sales}
        rowKey={(row) => row.month}
        empty={t('admin.sales.empty')}
      />
    </section>
  );
}

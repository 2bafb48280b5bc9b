import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { Table, type TableColumn } from '@/components/table';
import { csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { formatDateTime, formatMoney, osloDateKey } from '@/lib/format';
import { checkoutOrdersQueryOptions, ORDER_LIMIT, type Order } from '../../api/get-orders';
import { ordersCsv } from '../../utils/orders-csv';
import { OrderDialog } from './order-dialog';
import { OrderStatusBadge } from './order-status-badge';
import styles from './orders.module.css';

const SHOWN = ['paid', 'all'] as const;
type Shown = (typeof SHOWN)[number];

const isSale = (order: Order) => order.status === 'paid' || order.status === 'refunded';

/**
 * A checkout's orders, newest first: paid and refunded ones by default, every attempt on request; a
 * row opens the order (with its refund); the CSV holds the rows shown.
 */
export function OrdersSection({
  checkoutId,
  checkoutName,
  canRefund,
}: {
  checkoutId: string;
  checkoutName: string;
  canRefund: boolean;
}) {
  const { t } = useTranslation('checkouts');
  const orders = useQuery(checkoutOrdersQueryOptions(checkoutId));
  const [shown, setShown] = useState<Shown>('paid');
  const [openId, setOpenId] = useState<string | null>(null);
  const all = orders.data ?? [];
  const rows = shown === 'paid' ? all.filter(isSale) : all;
  const open = all.find((order) => order.id === openId) ?? null;

  const columns: TableColumn<Order>[] = [
    {
      key: 'number',
      header: t('orders.number'),
      card: 'title',
      cell: (order) => (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => setOpenId(order.id)}
          aria-label={t('orders.open', { number: order.number })}
        >
          #{order.number}
        </button>
      ),
      compare: (a, b) => a.number - b.number,
    },
    {
      key: 'date',
      header: t('orders.date'),
      cell: (order) => formatDateTime(order.paidAt ?? order.createdAt),
      compare: (a, b) => (a.paidAt ?? a.createdAt).localeCompare(b.paidAt ?? b.createdAt),
    },
    {
      key: 'buyer',
      header: t('orders.buyer'),
      cell: (order) => order.buyer.name ?? order.name ?? order.email ?? t('orders.erased'),
      priority: 'secondary',
    },
    {
      key: 'total',
      header: t('orders.total'),
      align: 'end',
      cell: (order) => formatMoney(order.totalOre - order.refundedOre),
      compare: (a, b) => a.totalOre - a.refundedOre - (b.totalOre - b.refundedOre),
    },
    {
      key: 'status',
      header: t('orders.status'),
      card: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
  ];

  const exportCsv = () =>
    downloadFile(
      csvFileName(checkoutName, 'ordrer', 'kasse', osloDateKey(new Date())),
      ordersCsv(
        rows,
        {
          number: t('orders.csv.number'),
          date: t('orders.csv.date'),
          status: t('orders.csv.status'),
          email: t('orders.csv.email'),
          name: t('orders.csv.name'),
          company: t('orders.csv.company'),
          organizationNumber: t('orders.csv.organizationNumber'),
          products: t('orders.csv.products'),
          coupon: t('orders.csv.coupon'),
          subtotal: t('orders.csv.subtotal'),
          discount: t('orders.csv.discount'),
          total: t('orders.csv.total'),
          vat: t('orders.csv.vat'),
          refunded: t('orders.csv.refunded'),
          source: t('orders.csv.source'),
        },
        (order) => t(`orderStatus.${order.status}`),
      ),
    );

  return (
    <section className={styles.section} aria-labelledby="checkout-orders">
      <h2 id="checkout-orders">{t('orders.title')}</h2>
      <div className={styles.toolbar}>
        <NativeSelect
          label={t('orders.show')}
          value={shown}
          onChange={(event) => setShown(event.target.value as Shown)}
          options={SHOWN.map((value) => ({
            value,
            label: value === 'paid' ? t('orders.showPaid') : t('orders.showAll'),
          }))}
        />
        {rows.length > 0 ? (
          <Button variant="secondary" onClick={exportCsv}>
            <Download aria-hidden /> {t('orders.export')}
          </Button>
        ) : null}
      </div>
      {all.length >= ORDER_LIMIT ? (
        <FormStatus tone="info">{t('orders.limitReached', { count: ORDER_LIMIT })}</FormStatus>
      ) : null}
      <FormStatus error={orders.error} />
      <Table
        caption={t('orders.caption')}
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(order) => order.id}
        loadingRows={orders.isPending ? 3 : undefined}
        empty={shown === 'paid' ? t('orders.emptyPaid') : t('orders.empty')}
      />
      {open ? (
        <OrderDialog
          checkoutId={checkoutId}
          order={open}
          canRefund={canRefund}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DescriptionList, type DescriptionItem } from '@/components/description-list';
import { Dialog } from '@/components/dialog';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import { Textarea } from '@/components/textarea';
import { brandName } from '@/lib/card-brand';
import { formatDateTime, formatMoney } from '@/lib/format';
import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import type { Order } from '../../api/get-orders';
import { useRefundOrder } from '../../api/refund-order';
import { lineTotalOre, orderVat } from '../../utils/orders-csv';
import { OrderDocuments } from './order-documents';
import styles from './orders.module.css';

interface OrderDialogProps {
  checkoutId: string;
  order: Order;
  canRefund: boolean;
  onClose: () => void;
}

const cardOf = (order: Order) =>
  order.card.last4
    ? `${brandName(order.card.brand)} •••• ${order.card.last4}`.trim()
    : brandName(order.card.brand);

/** One order: who bought what, the amounts with MVA per rate, its refunds, and a refund for owners and admins. */
export function OrderDialog({ checkoutId, order, canRefund, onClose }: OrderDialogProps) {
  const { t } = useTranslation('checkouts');
  const buyerItems: DescriptionItem[] = [
    { key: 'email', term: t('orders.email'), value: order.email ?? t('orders.erased') },
    ...(order.buyer.phone ? [{ key: 'phone', term: t('orders.phone'), value: order.buyer.phone }] : []),
    ...(order.buyer.company
      ? [{ key: 'company', term: t('orders.company'), value: order.buyer.company }]
      : []),
    ...(order.buyer.organization_number
      ? [{ key: 'orgnr', term: t('orders.organizationNumber'), value: order.buyer.organization_number }]
      : []),
    ...(order.card.brand || order.card.last4
      ? [{ key: 'card', term: t('orders.card'), value: cardOf(order) }]
      : []),
    ...(order.source ? [{ key: 'source', term: t('orders.sourceLabel'), value: order.source }] : []),
  ];
  const answers = Object.entries(order.answers).filter(([, value]) => value !== null && value !== '');
  const refundable = order.totalOre - order.refundedOre;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('orders.detailTitle', { number: order.number })}
      description={t('orders.detailDescription', {
        date: formatDateTime(order.paidAt ?? order.createdAt),
        status: t(`orderStatus.${order.status}`),
      })}
    >
      <div className={styles.detail}>
        <h3>{order.buyer.name ?? order.name ?? order.email ?? t('orders.erased')}</h3>
        <DescriptionList items={buyerItems} />
        <table className={styles.lines}>
          <caption>{t('orders.lines')}</caption>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <th scope="row">
                  {line.quantity} × {line.description}
                  {line.isBump ? <span className={styles.muted}> ({t('orders.bump')})</span> : null}
                </th>
                <td>{formatMoney(line.quantity * line.unitPriceOre)}</td>
              </tr>
            ))}
            {order.discountOre > 0 ? (
              <tr>
                <th scope="row">
                  {order.couponCode
                    ? t('orders.discount', { code: order.couponCode })
                    : t('orders.discountNoCode')}
                </th>
                <td>−{formatMoney(order.discountOre)}</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('orders.totalIncl')}</th>
              <td>{formatMoney(order.lines.reduce((sum, line) => sum + lineTotalOre(line), 0))}</td>
            </tr>
            {orderVat(order).map((sum) => (
              <tr key={sum.ratePercent} className={styles.muted}>
                <th scope="row">{t('orders.vatLine', { rate: sum.ratePercent })}</th>
                <td>{formatMoney(sum.vatOre)}</td>
              </tr>
            ))}
            {order.refundedOre > 0 ? (
              <tr>
                <th scope="row">{t('orders.refunded')}</th>
                <td>−{formatMoney(order.refundedOre)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
        {answers.length > 0 ? (
          <DescriptionList
            label={t('orders.answers')}
            items={answers.map(([key, value]) => ({
              key,
              term: key,
              value: typeof value === 'string' ? value : JSON.stringify(value),
            }))}
          />
        ) : null}
        {order.refunds.length > 0 ? (
          <section>
            <h3>{t('orders.refundsTitle')}</h3>
            <ul>
              {order.refunds.map((refund) => (
                <li key={refund.createdAt}>
                  {formatDateTime(refund.createdAt)}: {formatMoney(refund.amountOre)}
                  {refund.reason ? ` – ${refund.reason}` : ''}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <OrderDocuments checkoutId={checkoutId} order={order} />
        {order.status === 'paid' && refundable > 0 ? (
          !order.provider ? (
            <p className={styles.muted}>{t('orders.refundNoProvider')}</p>
          ) : canRefund ? (
            <RefundForm checkoutId={checkoutId} order={order} refundable={refundable} />
          ) : (
            <p className={styles.muted}>{t('orders.refundOnlyAdmins')}</p>
          )
        ) : null}
      </div>
    </Dialog>
  );
}

function RefundForm({
  checkoutId,
  order,
  refundable,
}: {
  checkoutId: string;
  order: Order;
  refundable: number;
}) {
  const { t } = useTranslation('checkouts');
  const refund = useRefundOrder(checkoutId);
  const [amount, setAmount] = useState(() => oreToKroner(refundable));
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  // One key per refund meant: a retry after a lost answer reaches the same refund at the provider.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const amountOre = parseKronerToOre(amount);
  const valid = amountOre !== null && amountOre > 0 && amountOre <= refundable;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setInvalid(true);
      return;
    }
    const money = formatMoney(amountOre);
    const sure = await confirm({
      title: t('orders.refundTitle'),
      description: t('orders.refundConfirm', { amount: money, card: cardOf(order) || '–' }),
      confirmLabel: t('orders.refundSubmit', { amount: money }),
      tone: 'danger',
    });
    if (!sure) return;
    refund.mutate(
      { orderId: order.id, amountOre, reason: reason.trim() || null, requestId },
      {
        onSuccess: () => {
          setRequestId(crypto.randomUUID());
          notify({ tone: 'success', message: t('orders.refundDone', { amount: money }) });
        },
      },
    );
  };

  return (
    <form className={styles.refund} onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t('orders.refundTitle')}</h3>
      <Input
        label={t('orders.refundAmount')}
        hint={t('orders.refundAmountHint', { amount: formatMoney(refundable) })}
        inputMode="decimal"
        value={amount}
        error={
          invalid && !valid ? t('orders.refundAmountInvalid', { amount: formatMoney(refundable) }) : undefined
        }
        onChange={(event) => setAmount(event.target.value)}
      />
      <Textarea
        label={t('orders.refundReason')}
        value={reason}
        maxLength={500}
        rows={2}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormStatus error={refund.error} />
      <div>
        <Button type="submit" variant="danger" loading={refund.isPending}>
          {t('orders.refundSubmit', { amount: valid ? formatMoney(amountOre) : '' }).trim()}
        </Button>
      </div>
    </form>
  );
}

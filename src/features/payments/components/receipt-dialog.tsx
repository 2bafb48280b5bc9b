import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { amountList } from '@/components/amount-list';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { brandName } from '@/lib/card-brand';
import { formatDateTime, formatMoney } from '@/lib/format';
import { splitVat } from '@/lib/pricing';
import type { CardPayment } from '../api/get-ledger';
import { organizationDetailsQueryOptions } from '../api/get-organization-details';
import styles from './overview.module.css';

/** 915226485 → 915 226 485 (how Brønnøysundregistrene writes it). */
const groupOrganizationNumber = (value: string) =>
  /^\d{9}$/.test(value) ? value.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : value;

/**
 * A card payment's receipt, printable: who paid (organization name and number), when, what, the
 * amount with its 25 % VAT shown separately, the card and the payment's id.
 */
export function ReceiptDialog({
  organizationId,
  payment,
  onClose,
}: {
  organizationId: string;
  payment: CardPayment;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const organization = useQuery(organizationDetailsQueryOptions(organizationId));
  const { netOre, vatOre } = splitVat(payment.amountOre);
  const paidAt = payment.settledAt ?? payment.createdAt;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('overview.receipt.title')}
      description={t('overview.receipt.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-print-hidden="">
            {t('overview.receipt.close')}
          </Button>
          <Button onClick={() => window.print()} data-print-hidden="">
            {t('overview.receipt.print')}
          </Button>
        </>
      }
    >
      <div className={styles.receipt} data-receipt="">
        {organization.error ? (
          <FormStatus error={organization.error} />
        ) : organization.data ? (
          <dl className={amountList.list}>
            <dt>{t('overview.receipt.customer')}</dt>
            <dd>{organization.data.name}</dd>
            <dt>{t('overview.receipt.organizationNumber')}</dt>
            <dd>
              {organization.data.organizationNumber
                ? groupOrganizationNumber(organization.data.organizationNumber)
                : t('overview.receipt.noOrganizationNumber')}
            </dd>
          </dl>
        ) : (
          <SkeletonText lines={2} />
        )}
        <dl className={amountList.list}>
          <dt>{t('overview.receipt.date')}</dt>
          <dd>{formatDateTime(paidAt)}</dd>
          <dt>{t('overview.receipt.item')}</dt>
          <dd>{payment.description}</dd>
          <dt>{t('overview.receipt.net')}</dt>
          <dd>{formatMoney(netOre)}</dd>
          <dt>{t('overview.receipt.vat')}</dt>
          <dd>{formatMoney(vatOre)}</dd>
          <dt className={amountList.total}>{t('overview.receipt.total')}</dt>
          <dd className={amountList.total}>{formatMoney(payment.amountOre)}</dd>
          {payment.refundedOre > 0 ? (
            <>
              <dt>{t('overview.receipt.refunded')}</dt>
              <dd>{formatMoney(-payment.refundedOre)}</dd>
            </>
          ) : null}
          <dt>{t('overview.receipt.card')}</dt>
          <dd>
            {payment.cardLast4
              ? t('overview.receipt.cardValue', {
                  brand: brandName(payment.cardBrand),
                  last4: payment.cardLast4,
                })
              : t('overview.receipt.noCard')}
          </dd>
          <dt>{t('overview.receipt.paymentId')}</dt>
          <dd>
            <code>{payment.id}</code>
          </dd>
          {payment.providerPaymentId ? (
            <>
              <dt>{t('overview.receipt.providerId')}</dt>
              <dd>
                <code>{payment.providerPaymentId}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </Dialog>
  );
}

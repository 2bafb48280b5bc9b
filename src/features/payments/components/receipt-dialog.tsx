import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountList } from '@/components/amount-list';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { ReceiptSections, ReceiptSheet } from '@/components/receipt/receipt-sheet';
import { SkeletonText } from '@/components/skeleton';
import { brandName } from '@/lib/card-brand';
import { formatDateTime, formatMoney } from '@/lib/format';
import { splitVat } from '@/lib/pricing';
import { downloadReceiptPdf } from '@/lib/receipts/download-receipt-pdf';
import { groupOrganizationNumber, receiptSections } from '@/lib/receipts/receipt-sections';
import type { CardPayment } from '../api/get-ledger';
import { organizationDetailsQueryOptions } from '../api/get-organization-details';
import { receiptQueryOptions } from '../api/get-receipt';

/**
 * A card payment's receipt (the `receipts` row: seller, number, date, buyer, lines, MVA per rate,
 * total, card), printable and downloadable as PDF. A payment settled before receipts were numbered
 * has none: the dialog then shows the payment's own amounts.
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
  const { t } = useTranslation('receipts');
  const receipt = useQuery(receiptQueryOptions(organizationId, payment.id));
  const sections = receipt.data
    ? receiptSections(
        receipt.data,
        { refundedOre: payment.refundedOre, reference: { label: 'paymentId', value: payment.id } },
        t,
      )
    : null;
  const title = receipt.data ? t('issuedTitle', { number: receipt.data.number }) : t('title');
  const [pdfFailed, setPdfFailed] = useState(false);

  async function downloadPdf() {
    if (!sections || !receipt.data) return;
    setPdfFailed(false);
    try {
      await downloadReceiptPdf(`kvittering-${receipt.data.number}`, title, sections);
    } catch {
      setPdfFailed(true);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={t('description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-print-hidden="">
            {t('close')}
          </Button>
          {sections ? (
            <Button variant="secondary" onClick={() => void downloadPdf()} data-print-hidden="">
              {t('pdf')}
            </Button>
          ) : null}
          <Button onClick={() => window.print()} data-print-hidden="">
            {t('print')}
          </Button>
        </>
      }
    >
      <ReceiptSheet>
        {pdfFailed ? <p role="alert">{t('pdfFailed')}</p> : null}
        {receipt.error ? (
          <FormStatus error={receipt.error} />
        ) : receipt.isPending ? (
          <SkeletonText lines={6} />
        ) : sections ? (
          <ReceiptSections sections={sections} />
        ) : (
          <UnnumberedReceipt organizationId={organizationId} payment={payment} />
        )}
      </ReceiptSheet>
    </Dialog>
  );
}

/** A payment settled before receipts: who paid, when, what, the amount with its 25 % MVA. */
function UnnumberedReceipt({ organizationId, payment }: { organizationId: string; payment: CardPayment }) {
  const { t } = useTranslation('receipts');
  const organization = useQuery(organizationDetailsQueryOptions(organizationId));
  const { netOre, vatOre } = splitVat(payment.amountOre);
  return (
    <>
      <p>{t('notIssued')}</p>
      {organization.error ? (
        <FormStatus error={organization.error} />
      ) : organization.data ? (
        <dl className={amountList.list}>
          <dt>{t('customer')}</dt>
          <dd>{organization.data.name}</dd>
          <dt>{t('organizationNumber')}</dt>
          <dd>
            {organization.data.organizationNumber
              ? groupOrganizationNumber(organization.data.organizationNumber)
              : t('noOrganizationNumber')}
          </dd>
        </dl>
      ) : (
        <SkeletonText lines={2} />
      )}
      <dl className={amountList.list}>
        <dt>{t('date')}</dt>
        <dd>{formatDateTime(payment.settledAt ?? payment.createdAt)}</dd>
        <dt>{t('item')}</dt>
        <dd>{payment.description}</dd>
        <dt>{t('net')}</dt>
        <dd>{formatMoney(netOre)}</dd>
        <dt>{t('vatAmount', { rate: 25 })}</dt>
        <dd>{formatMoney(vatOre)}</dd>
        <dt className={amountList.total}>{t('total')}</dt>
        <dd className={amountList.total}>{formatMoney(payment.amountOre)}</dd>
        {payment.refundedOre > 0 ? (
          <>
            <dt>{t('refunded')}</dt>
            <dd>{formatMoney(-payment.refundedOre)}</dd>
          </>
        ) : null}
        <dt>{t('card')}</dt>
        <dd>
          {payment.cardLast4
            ? t('cardValue', { brand: brandName(payment.cardBrand), last4: payment.cardLast4 })
            : t('noCard')}
        </dd>
        <dt>{t('paymentId')}</dt>
        <dd>
          <code>{payment.id}</code>
        </dd>
        {payment.providerPaymentId ? (
          <>
            <dt>{t('providerId')}</dt>
            <dd>
              <code>{payment.providerPaymentId}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

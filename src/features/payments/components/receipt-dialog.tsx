import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountList } from '@/components/amount-list';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { brandName } from '@/lib/card-brand';
import { downloadFile } from '@/lib/download';
import { formatDateTime, formatMoney } from '@/lib/format';
import { splitVat } from '@/lib/pricing';
import type { CardPayment } from '../api/get-ledger';
import { organizationDetailsQueryOptions } from '../api/get-organization-details';
import { receiptQueryOptions } from '../api/get-receipt';
import { groupOrganizationNumber, receiptSections, type ReceiptSection } from '../utils/receipt-sections';
import styles from './overview.module.css';

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
  const { t } = useTranslation('payments');
  const receipt = useQuery(receiptQueryOptions(organizationId, payment.id));
  const sections = receipt.data ? receiptSections(receipt.data, payment, t) : null;
  const title = receipt.data
    ? t('overview.receipt.issuedTitle', { number: receipt.data.number })
    : t('overview.receipt.title');
  const [pdfFailed, setPdfFailed] = useState(false);

  async function downloadPdf() {
    if (!sections || !receipt.data) return;
    setPdfFailed(false);
    try {
      const { receiptPdf } = await import('../utils/receipt-pdf');
      downloadFile(`kvittering-${receipt.data.number}.pdf`, receiptPdf(title, sections), 'application/pdf');
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
      description={t('overview.receipt.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-print-hidden="">
            {t('overview.receipt.close')}
          </Button>
          {sections ? (
            <Button variant="secondary" onClick={() => void downloadPdf()} data-print-hidden="">
              {t('overview.receipt.pdf')}
            </Button>
          ) : null}
          <Button onClick={() => window.print()} data-print-hidden="">
            {t('overview.receipt.print')}
          </Button>
        </>
      }
    >
      <div className={styles.receipt} data-receipt="">
        {pdfFailed ? <p role="alert">{t('overview.receipt.pdfFailed')}</p> : null}
        {receipt.error ? (
          <FormStatus error={receipt.error} />
        ) : receipt.isPending ? (
          <SkeletonText lines={6} />
        ) : sections ? (
          sections.map((section, index) => <Section key={index} section={section} />)
        ) : (
          <UnnumberedReceipt organizationId={organizationId} payment={payment} />
        )}
      </div>
    </Dialog>
  );
}

function Section({ section }: { section: ReceiptSection }) {
  return (
    <div>
      {section.heading ? <h3 className={styles.receiptHeading}>{section.heading}</h3> : null}
      {section.text?.map((line, index) => (
        <p key={index} className={styles.receiptLine}>
          {line}
        </p>
      ))}
      {section.rows ? (
        <dl className={amountList.list}>
          {section.rows.map(([label, value, strong]) => (
            <div key={label} className={styles.receiptRow}>
              <dt className={strong ? amountList.total : undefined}>{label}</dt>
              <dd className={strong ? amountList.total : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** A payment settled before receipts: who paid, when, what, the amount with its 25 % MVA. */
function UnnumberedReceipt({ organizationId, payment }: { organizationId: string; payment: CardPayment }) {
  const { t } = useTranslation('payments');
  const organization = useQuery(organizationDetailsQueryOptions(organizationId));
  const { netOre, vatOre } = splitVat(payment.amountOre);
  const k = 'overview.receipt';
  return (
    <>
      <p>{t(`${k}.notIssued`)}</p>
      {organization.error ? (
        <FormStatus error={organization.error} />
      ) : organization.data ? (
        <dl className={amountList.list}>
          <dt>{t(`${k}.customer`)}</dt>
          <dd>{organization.data.name}</dd>
          <dt>{t(`${k}.organizationNumber`)}</dt>
          <dd>
            {organization.data.organizationNumber
              ? groupOrganizationNumber(organization.data.organizationNumber)
              : t(`${k}.noOrganizationNumber`)}
          </dd>
        </dl>
      ) : (
        <SkeletonText lines={2} />
      )}
      <dl className={amountList.list}>
        <dt>{t(`${k}.date`)}</dt>
        <dd>{formatDateTime(payment.settledAt ?? payment.createdAt)}</dd>
        <dt>{t(`${k}.item`)}</dt>
        <dd>{payment.description}</dd>
        <dt>{t(`${k}.net`)}</dt>
        <dd>{formatMoney(netOre)}</dd>
        <dt>{t(`${k}.vatAmount`, { rate: 25 })}</dt>
        <dd>{formatMoney(vatOre)}</dd>
        <dt className={amountList.total}>{t(`${k}.total`)}</dt>
        <dd className={amountList.total}>{formatMoney(payment.amountOre)}</dd>
        {payment.refundedOre > 0 ? (
          <>
            <dt>{t(`${k}.refunded`)}</dt>
            <dd>{formatMoney(-payment.refundedOre)}</dd>
          </>
        ) : null}
        <dt>{t(`${k}.card`)}</dt>
        <dd>
          {payment.cardLast4
            ? t(`${k}.cardValue`, { brand: brandName(payment.cardBrand), last4: payment.cardLast4 })
            : t(`${k}.noCard`)}
        </dd>
        <dt>{t(`${k}.paymentId`)}</dt>
        <dd>
          <code>{payment.id}</code>
        </dd>
        {payment.providerPaymentId ? (
          <>
            <dt>{t(`${k}.providerId`)}</dt>
            <dd>
              <code>{payment.providerPaymentId}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

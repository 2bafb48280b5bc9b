import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { formatMoney } from '@/lib/format';
import { downloadOrderDocumentPdf } from '@/lib/receipts/download-receipt-pdf';
import type { Receipt } from '@/lib/receipts/types';
import { orderDocumentsQueryOptions } from '../../api/get-order-documents';
import type { Order } from '../../api/get-orders';
import styles from './orders.module.css';

/**
 * The order's numbered documents for the seller's books: the receipt the buyer got and a credit note
 * per refund, each downloadable as the PDF the payments page writes.
 */
export function OrderDocuments({ checkoutId, order }: { checkoutId: string; order: Order }) {
  const { t } = useTranslation('checkouts');
  const { t: receiptText } = useTranslation('receipts');
  const documents = useQuery(orderDocumentsQueryOptions(checkoutId, order.id));
  const [failed, setFailed] = useState(false);

  async function download(document: Receipt) {
    setFailed(false);
    try {
      await downloadOrderDocumentPdf(document, order.number, receiptText);
    } catch {
      setFailed(true);
    }
  }

  if (documents.error) return <FormStatus error={documents.error} />;
  if (documents.isPending) return <SkeletonText lines={2} />;
  const { receipt, creditNotes } = documents.data;
  return (
    <section aria-labelledby="order-documents">
      <h3 id="order-documents">{t('orders.documents')}</h3>
      {receipt ? (
        <ul className={styles.documents}>
          {[receipt, ...creditNotes].map((document) => (
            <li key={document.id}>
              <span>
                {document.kind === 'credit_note'
                  ? t('orders.creditNote', {
                      number: document.number,
                      amount: formatMoney(document.total_ore),
                    })
                  : t('orders.receipt', { number: document.number, amount: formatMoney(document.total_ore) })}
              </span>
              <Button variant="secondary" size="sm" onClick={() => void download(document)}>
                {t('orders.downloadPdf')}
                <span className="visually-hidden">
                  {' '}
                  {document.kind === 'credit_note'
                    ? t('orders.creditNoteShort', { number: document.number })
                    : t('orders.receiptShort', { number: document.number })}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('orders.noReceipt')}</p>
      )}
      {failed ? <p role="alert">{t('orders.pdfFailed')}</p> : null}
    </section>
  );
}

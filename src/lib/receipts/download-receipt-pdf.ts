import { downloadFile } from '@/lib/download';
import { receiptSections, type ReceiptSection, type ReceiptTranslate } from './receipt-sections';
import type { Receipt } from './types';

/** Writes the document as `<file>.pdf`; the PDF writer loads on the first click only. */
export async function downloadReceiptPdf(file: string, title: string, sections: readonly ReceiptSection[]) {
  const { receiptPdf } = await import('./receipt-pdf');
  downloadFile(`${file}.pdf`, receiptPdf(title, sections), 'application/pdf');
}

/**
 * An order's receipt or credit note as its PDF (`kvittering-<n>.pdf` / `kreditnota-<n>.pdf`), with the
 * order's number as its reference: the same file for the seller's dialog and the buyer's page.
 */
export function downloadOrderDocumentPdf(document: Receipt, orderNumber: number, t: ReceiptTranslate) {
  const credit = document.kind === 'credit_note';
  const title = t(credit ? 'creditNoteTitle' : 'issuedTitle', { number: document.number });
  const sections = receiptSections(
    document,
    { refundedOre: 0, reference: { label: 'orderNumber', value: String(orderNumber) } },
    t,
  );
  return downloadReceiptPdf(`${credit ? 'kreditnota' : 'kvittering'}-${document.number}`, title, sections);
}

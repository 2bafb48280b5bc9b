import { downloadFile } from '@/lib/download';
import type { ReceiptSection } from './receipt-sections';

/** Writes the document as `<file>.pdf`; the PDF writer loads on the first click only. */
export async function downloadReceiptPdf(file: string, title: string, sections: readonly ReceiptSection[]) {
  const { receiptPdf } = await import('./receipt-pdf');
  downloadFile(`${file}.pdf`, receiptPdf(title, sections), 'application/pdf');
}

import { createTranslate, type PublicLanguage } from '@/lib/public/public-texts';
import { downloadReceiptPdf } from './download-receipt-pdf';
import { receiptSections, type ReceiptTranslate } from './receipt-sections';
import type { Receipt } from './types';

const receiptTexts = {
  nb: () => import('@/locales/nb/receipts.json'),
  en: () => import('@/locales/en/receipts.json'),
};

/**
 * A buyer's receipt or credit note as PDF on a public page (no i18next there): the receipts texts and
 * the PDF writer load on the click, so the page itself carries neither.
 */
export async function downloadPublicReceiptPdf(
  document: Receipt,
  orderNumber: number,
  language: PublicLanguage,
) {
  const { default: messages } = await receiptTexts[language]();
  const t = createTranslate(messages, language) as ReceiptTranslate;
  const credit = document.kind === 'credit_note';
  const title = t(credit ? 'creditNoteTitle' : 'issuedTitle', { number: document.number });
  const sections = receiptSections(
    document,
    { refundedOre: 0, reference: { label: 'orderNumber', value: String(orderNumber) } },
    t,
  );
  await downloadReceiptPdf(`${credit ? 'kreditnota' : 'kvittering'}-${document.number}`, title, sections);
}

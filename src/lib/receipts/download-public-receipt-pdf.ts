import { createTranslate, type PublicLanguage } from '@/lib/public/public-texts';
import { downloadOrderDocumentPdf } from './download-receipt-pdf';
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
  await downloadOrderDocumentPdf(document, orderNumber, createTranslate(messages, language));
}

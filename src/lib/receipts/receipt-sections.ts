import { brandName } from '@/lib/card-brand';
import { formatDateTime, formatMoney } from '@/lib/format';
import type receiptTexts from '@/locales/nb/receipts.json';
import type { Receipt } from './types';

/** The receipts namespace's translator: i18next's `t` in the app, the lean one on public pages. */
export type ReceiptTranslate = (
  key: keyof typeof receiptTexts,
  values?: Record<string, string | number>,
) => string;

/** A block of the receipt: a heading, lines of text, rows of label and value (bold when strong). */
export type ReceiptSection = {
  heading?: string;
  text?: string[];
  rows?: [label: string, value: string, strong?: boolean][];
};

/** 915226485 → 915 226 485 (how Brønnøysundregistrene writes it). */
export const groupOrganizationNumber = (value: string) =>
  /^\d{9}$/.test(value) ? value.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : value;

/**
 * What a receipt says (bokføringsforskriften § 5-1), in the order the e-mail says it: the seller,
 * number and date, the buyer, the lines, MVA per rate and the totals, the card. The dialog and the
 * PDF both render these.
 */
export function receiptSections(
  receipt: Receipt,
  {
    refundedOre,
    reference,
  }: { refundedOre: number; reference: { label: 'paymentId' | 'orderNumber'; value: string } },
  t: ReceiptTranslate,
): ReceiptSection[] {
  const sellerNumber = groupOrganizationNumber(receipt.seller_organization_number);
  return [
    {
      heading: t('seller'),
      text: [
        receipt.seller_name,
        receipt.seller_street_address,
        `${receipt.seller_postal_code} ${receipt.seller_city}`,
        receipt.seller_vat_registered
          ? t('sellerNumberVat', { number: sellerNumber })
          : t('sellerNumber', { number: sellerNumber }),
        ...(receipt.seller_foretaksregisteret ? [t('foretaksregisteret')] : []),
      ],
    },
    {
      rows: [
        [t('number'), String(receipt.number)],
        [t('date'), formatDateTime(receipt.issued_at)],
      ],
    },
    {
      heading: t('buyer'),
      text: [
        receipt.buyer_name,
        ...(receipt.buyer_organization_number
          ? [t('sellerNumber', { number: groupOrganizationNumber(receipt.buyer_organization_number) })]
          : []),
        ...(receipt.buyer_email ? [receipt.buyer_email] : []),
      ],
    },
    {
      heading: t('item'),
      rows: receipt.lines.map((line) => [
        line.quantity === 1 ? line.description : `${line.quantity} × ${line.description}`,
        t('lineValue', { amount: formatMoney(line.line_total_ore), rate: line.vat_rate }),
      ]),
    },
    {
      rows: [
        ...receipt.vat_totals.flatMap((total): [string, string][] => [
          [t('vatBase', { rate: total.rate }), formatMoney(total.net_ore)],
          [t('vatAmount', { rate: total.rate }), formatMoney(total.vat_ore)],
        ]),
        [t('net'), formatMoney(receipt.net_ore)],
        [t('vat'), formatMoney(receipt.vat_ore)],
        [t(receipt.kind === 'credit_note' ? 'creditedTotal' : 'total'), formatMoney(receipt.total_ore), true],
        ...(refundedOre > 0 ? [[t('refunded'), formatMoney(-refundedOre)] as [string, string]] : []),
        [
          t('card'),
          receipt.card_last4
            ? t('cardValue', { brand: brandName(receipt.card_brand), last4: receipt.card_last4 })
            : t('noCard'),
        ],
        [t(reference.label), reference.value],
      ],
    },
  ];
}

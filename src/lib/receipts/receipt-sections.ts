import type { TFunction } from 'i18next';
import { brandName } from '@/lib/card-brand';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { Receipt } from '../api/get-receipt';

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
  payment: { id: string; refundedOre: number },
  t: TFunction<'payments'>,
): ReceiptSection[] {
  const k = 'overview.receipt';
  const sellerNumber = groupOrganizationNumber(receipt.seller_organization_number);
  return [
    {
      heading: t(`${k}.seller`),
      text: [
        receipt.seller_name,
        receipt.seller_street_address,
        `${receipt.seller_postal_code} ${receipt.seller_city}`,
        receipt.seller_vat_registered
          ? t(`${k}.sellerNumberVat`, { number: sellerNumber })
          : t(`${k}.sellerNumber`, { number: sellerNumber }),
        ...(receipt.seller_foretaksregisteret ? [t(`${k}.foretaksregisteret`)] : []),
      ],
    },
    {
      rows: [
        [t(`${k}.number`), String(receipt.number)],
        [t(`${k}.date`), formatDateTime(receipt.issued_at)],
      ],
    },
    {
      heading: t(`${k}.buyer`),
      text: [
        receipt.buyer_name,
        ...(receipt.buyer_organization_number
          ? [t(`${k}.sellerNumber`, { number: groupOrganizationNumber(receipt.buyer_organization_number) })]
          : []),
        ...(receipt.buyer_email ? [receipt.buyer_email] : []),
      ],
    },
    {
      heading: t(`${k}.item`),
      rows: receipt.lines.map((line) => [
        line.quantity === 1 ? line.description : `${line.quantity} × ${line.description}`,
        t(`${k}.lineValue`, { amount: formatMoney(line.line_total_ore), rate: line.vat_rate }),
      ]),
    },
    {
      rows: [
        ...receipt.vat_totals.flatMap((total): [string, string][] => [
          [t(`${k}.vatBase`, { rate: total.rate }), formatMoney(total.net_ore)],
          [t(`${k}.vatAmount`, { rate: total.rate }), formatMoney(total.vat_ore)],
        ]),
        [t(`${k}.net`), formatMoney(receipt.net_ore)],
        [t(`${k}.vat`), formatMoney(receipt.vat_ore)],
        [t(`${k}.total`), formatMoney(receipt.total_ore), true],
        ...(payment.refundedOre > 0
          ? [[t(`${k}.refunded`), formatMoney(-payment.refundedOre)] as [string, string]]
          : []),
        [
          t(`${k}.card`),
          receipt.card_last4
            ? t(`${k}.cardValue`, { brand: brandName(receipt.card_brand), last4: receipt.card_last4 })
            : t(`${k}.noCard`),
        ],
        [t(`${k}.paymentId`), payment.id],
      ],
    },
  ];
}

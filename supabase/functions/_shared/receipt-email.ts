/**
 * The Norwegian receipt e-mail (docs/payments.md «Receipts»): everything bokføringsforskriften § 5-1
 * asks of a sales document — the seller (name, address, «Org.nr. … MVA», «Foretaksregisteret»), the
 * number and date, what was bought, MVA per rate, the total and the buyer — plus the card that paid.
 */
import { type EmailContent, PLATFORM_NAME, renderEmail, sentBy, sentByOrganization } from './email-layout.ts';
import type { Receipt } from './receipt.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** «1 250,00 kr» (the app's format, src/lib/format.ts; plain spaces). */
export function formatNok(ore: number): string {
  return new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' })
    .format(ore / 100)
    .replace(/\s/g, ' ');
}

export function formatOsloDateTime(date: Date): string {
  return new Intl.DateTimeFormat('nb-NO', {
    timeZone: 'Europe/Oslo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

export function cardLabel(brand: string | null, last4: string | null): string {
  const name = brand && brand !== 'unknown' ? (BRANDS[brand] ?? brand) : 'Kort';
  return last4 ? `${name} •••• ${last4}` : name;
}

/** «915 226 485» */
export function formatOrganizationNumber(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** «Org.nr. 915 226 485 MVA» (MVA only when the seller is VAT-registered). */
export function sellerNumberLine(
  receipt: Pick<Receipt, 'seller_organization_number' | 'seller_vat_registered'>,
) {
  const number = `Org.nr. ${formatOrganizationNumber(receipt.seller_organization_number)}`;
  return receipt.seller_vat_registered ? `${number} MVA` : number;
}

/** What a credit note's e-mail adds: the number of the receipt it credits. */
export interface CreditNoteContext {
  creditedNumber: number;
}

/**
 * The receipt's e-mail, or a credit note's (kreditnota, `kind = 'credit_note'`): the same seller block,
 * buyer, lines and MVA per rate; a credit note names the receipt it credits and the amount credited
 * incl. MVA, comes from the seller and links to the buyer's receipt page.
 */
export function receiptEmail(receipt: Receipt, link: string, credit?: CreditNoteContext): EmailContent {
  const seller = [
    receipt.seller_name,
    `${receipt.seller_street_address}, ${receipt.seller_postal_code} ${receipt.seller_city}`,
    sellerNumberLine(receipt),
    ...(receipt.seller_foretaksregisteret ? ['Foretaksregisteret'] : []),
  ];
  const buyer = [
    receipt.buyer_name,
    ...(receipt.buyer_organization_number
      ? [`Org.nr. ${formatOrganizationNumber(receipt.buyer_organization_number)}`]
      : []),
    ...(receipt.buyer_email ? [receipt.buyer_email] : []),
  ];
  const lines: [string, string][] = receipt.lines.map((line) => [
    line.quantity === 1 ? line.description : `${line.quantity} × ${line.description}`,
    `${formatNok(line.line_total_ore)} eks. mva. (${line.vat_rate} % mva.)`,
  ]);
  const vat: [string, string][] = receipt.vat_totals.flatMap((total) => [
    [`Grunnlag ${total.rate} % mva.`, formatNok(total.net_ore)] as [string, string],
    [`Mva. ${total.rate} %`, formatNok(total.vat_ore)] as [string, string],
  ]);
  const card = cardLabel(receipt.card_brand, receipt.card_last4);
  const description = receipt.lines[0]?.description ?? 'Kjøp';
  const date = formatOsloDateTime(new Date(receipt.issued_at));
  const sums: [string, string][] = [
    ...vat,
    ['Sum eks. mva.', formatNok(receipt.net_ore)],
    ['Sum mva.', formatNok(receipt.vat_ore)],
  ];
  if (credit) {
    const heading = `Kreditnota nr. ${receipt.number}`;
    const credited = `kvittering nr. ${credit.creditedNumber}`;
    return renderEmail({
      subject: `${heading}: ${credited}`,
      preheader: `${formatNok(receipt.total_ore)} inkl. mva. er kreditert fra ${credited} og betalt tilbake til ${card}.`,
      sender: { name: receipt.seller_name },
      heading,
      body: [
        `Hei ${receipt.buyer_name}, ${receipt.seller_name} har betalt tilbake ${formatNok(receipt.total_ore)}. Kreditnotaen krediterer ${credited}.`,
        `Selger: ${seller.join(', ')}`,
        {
          rows: [
            ['Kreditnotanummer', String(receipt.number)],
            ['Krediterer', `Kvittering nr. ${credit.creditedNumber}`],
            ['Dato', date],
          ],
        },
        `Kjøper: ${buyer.join(', ')}`,
        { rows: lines },
        {
          rows: [
            ...sums,
            ['Kreditert inkl. mva.', formatNok(receipt.total_ore)],
            ['Betalt tilbake til', card],
          ],
        },
      ],
      button: { label: 'Se kvitteringen', href: link },
      why: `Du får denne e-posten fordi ${receipt.seller_name} har betalt tilbake et kjøp du gjorde.`,
      signature: sentByOrganization(receipt.seller_name),
    });
  }
  return renderEmail({
    subject: `Kvittering: ${description}`,
    preheader: `Kvittering nr. ${receipt.number}: ${formatNok(receipt.total_ore)} inkl. mva. er betalt med ${card}.`,
    sender: { name: PLATFORM_NAME },
    heading: `Kvittering nr. ${receipt.number}`,
    body: [
      `Takk for kjøpet, ${receipt.buyer_name}.`,
      `Selger: ${seller.join(', ')}`,
      {
        rows: [
          ['Kvitteringsnummer', String(receipt.number)],
          ['Dato', date],
        ],
      },
      `Kjøper: ${buyer.join(', ')}`,
      { rows: lines },
      { rows: [...sums, ['Betalt inkl. mva.', formatNok(receipt.total_ore)], ['Betalt med', card]] },
    ],
    button: { label: 'Se betalinger', href: link },
    why: `Du får denne e-posten fordi adressen står som mottaker av kvitteringer for ${receipt.buyer_name} på Leadtorget.`,
    signature: sentBy(PLATFORM_NAME),
  });
}

/** The Norwegian receipt e-mail of a card payment (docs/payments.md «payments-pack»). */
import { type EmailContent, PLATFORM_NAME, renderEmail, sentBy } from './email-layout.ts';

export interface ReceiptInput {
  organizationName: string;
  /** What was bought, e.g. «25 klipp – Leadtorget». */
  description: string;
  /** The amount paid, incl. 25 % MVA, in øre. */
  amountOre: number;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date;
  paymentId: string;
  /** The payments overview (/payments). */
  link: string;
}

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

export function receiptEmail(input: ReceiptInput): EmailContent {
  // Prices include 25 % MVA: the VAT part is a fifth of the amount without it.
  const vatOre = Math.round(input.amountOre - input.amountOre / 1.25);
  const rows: [string, string][] = [
    ['Kjøp', input.description],
    ['Pris eks. mva.', formatNok(input.amountOre - vatOre)],
    ['Herav mva. (25 %)', formatNok(vatOre)],
    ['Beløp', `${formatNok(input.amountOre)} inkl. mva.`],
    ['Betalt med', cardLabel(input.cardBrand, input.cardLast4)],
    ['Dato', formatOsloDateTime(input.paidAt)],
    ['Kvitteringsnummer', input.paymentId],
  ];
  return renderEmail({
    subject: `Kvittering: ${input.description}`,
    preheader: `${formatNok(input.amountOre)} inkl. mva. er betalt med ${cardLabel(input.cardBrand, input.cardLast4)}.`,
    sender: { name: PLATFORM_NAME },
    heading: 'Kvittering for kortbetaling',
    body: [`Takk for kjøpet, ${input.organizationName}.`, { rows }],
    button: { label: 'Se betalinger', href: input.link },
    why: `Du får denne e-posten fordi adressen står som mottaker av kvitteringer for ${input.organizationName} på Leadtorget.`,
    signature: sentBy(PLATFORM_NAME),
  });
}

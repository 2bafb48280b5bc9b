/**
 * The Norwegian «new listing» e-mail of notify-listing (HTML + text), sent to the recipients of the
 * marketplace's member organizations that have send-to-email with `new_lead` on. A teaser only (title,
 * category, area, price): never contact details. The button is the deep link that opens the listing on
 * the marketplace page (`/leads/marketplace/{id}?lead=…&ad=…`).
 */
import { escapeHtml, renderLayout, sentBy } from '../_shared/email-layout.ts';
import { priceInWords } from '../_shared/lead-email.ts';

export interface NewListingEmailInput {
  title: string;
  category: string | null;
  area: string | null;
  marketplaceName: string;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  link: string;
}

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** «2 klipp, 10 kreditter eller 499,00 kr»: the prices that are set (all zero: «gratis»). */
export function listingPrice(input: {
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
}): string {
  const parts: string[] = [];
  if (input.priceTickets > 0) parts.push(priceInWords('tickets', input.priceTickets));
  if (input.priceCredits > 0) parts.push(priceInWords('credits', input.priceCredits));
  if (input.priceOre > 0) parts.push(priceInWords('card', input.priceOre));
  if (parts.length === 0) return 'gratis';
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} eller ${parts.at(-1)!}`;
}

export function newListingEmail(input: NewListingEmailInput): EmailContent {
  const subject = `Nytt lead på ${input.marketplaceName}: «${input.title}»`;
  const price = listingPrice(input);
  const details = [
    ['Kategori', input.category],
    ['Område', input.area],
    ['Pris', price],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  const html = renderLayout({
    brand: input.marketplaceName,
    heading: 'Nytt lead til salgs',
    paragraphs: [
      'Hei,',
      `Et nytt lead er lagt ut på ${escapeHtml(input.marketplaceName)}: <strong>«${escapeHtml(input.title)}»</strong>.`,
      details.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join('<br />'),
      'Kontaktinformasjonen får du når du har kjøpt leadet. Vær rask — leadet kan ha et begrenset antall kjøpere.',
    ],
    button: { label: 'Se leadet', href: input.link },
    footer:
      'Du får denne e-posten fordi organisasjonen din har slått på e-postvarsler om nye leads. Varslene endrer du under Leads → Innstillinger.',
  });
  const text = [
    'Nytt lead til salgs',
    '',
    'Hei,',
    '',
    `Et nytt lead er lagt ut på ${input.marketplaceName}: «${input.title}».`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Kontaktinformasjonen får du når du har kjøpt leadet. Vær rask — leadet kan ha et begrenset antall kjøpere.',
    '',
    input.link,
    '',
    'Du får denne e-posten fordi organisasjonen din har slått på e-postvarsler om nye leads. Varslene endrer du under Leads → Innstillinger.',
    sentBy(input.marketplaceName),
    '',
  ].join('\n');
  return { subject, html, text };
}

/**
 * The Norwegian «new listing» e-mail of notify-listing (HTML + text), sent to the recipients of the
 * marketplace's member organizations that have send-to-email with `new_lead` on. A teaser only (title,
 * category, area, price): never contact details. The button is the deep link that opens the listing on
 * the marketplace page (`/leads/marketplace/{id}?lead=…&ad=…`).
 */
import { type EmailContent, renderEmail, sentBy } from '../_shared/email-layout.ts';
import { priceInWords } from '../_shared/lead-email.ts';

export interface NewListingEmailInput {
  title: string;
  category: string | null;
  area: string | null;
  marketplaceName: string;
  /** The marketplace's colour (`marketplaceColour` of its branding); Leadtorget's when null. */
  marketplaceColor?: string | null;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  link: string;
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
  const price = listingPrice(input);
  const details = [
    ['Kategori', input.category],
    ['Område', input.area],
    ['Pris', price],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return renderEmail({
    subject: `Nytt lead på ${input.marketplaceName}: «${input.title}»`,
    preheader: [input.category, input.area, price].filter(Boolean).join(' · '),
    sender: { name: input.marketplaceName, color: input.marketplaceColor },
    heading: 'Nytt lead til salgs',
    body: [
      'Hei,',
      [`Et nytt lead er lagt ut på ${input.marketplaceName}: `, { strong: `«${input.title}»` }, '.'],
      { rows: details },
      'Kontaktinformasjonen får du når du har kjøpt leadet. Vær rask — leadet kan ha et begrenset antall kjøpere.',
    ],
    button: { label: 'Se leadet', href: input.link },
    why: 'Du får denne e-posten fordi organisasjonen din har slått på e-postvarsler om nye leads. Varslene endrer du under Leads → Innstillinger.',
    signature: sentBy(input.marketplaceName),
  });
}

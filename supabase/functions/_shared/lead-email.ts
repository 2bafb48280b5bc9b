/**
 * The Norwegian lead-purchase e-mails (HTML + text), sent by lead-notifications.ts (for buy-lead and
 * stripe-webhook) per the organizations' send-to-email settings (organizations_leads_config):
 * `lead_bought` to the buyer's recipients, `listing_sold` to the seller's. No contact details in
 * either: the button opens the lead in Leadtorget, where RLS decides.
 */
import { type EmailContent, renderEmail, sentBy } from './email-layout.ts';

export interface LeadBoughtEmailInput {
  /** The listing's title (teaser). */
  title: string;
  buyerOrganizationName: string;
  marketplaceName: string;
  /** The marketplace's colour (its branding), for the e-mail's header. */
  marketplaceColor?: string | null;
  /** The lead's name in the buyer's list, if it has one. */
  leadName: string | null;
  /** What was paid, in words: «1 klipp», «20 kreditter», «499,00 kr». */
  price: string;
  link: string;
}

export interface ListingSoldEmailInput {
  title: string;
  sellerOrganizationName: string;
  buyerOrganizationName: string;
  marketplaceName: string;
  marketplaceColor?: string | null;
  buyersCount: number;
  maxBuyers: number;
  /**
   * Buyers of the lead through its earlier listings: the count is per lead, as the marketplace shows
   * it («3 av 4 solgt», never «1 av 2» for a re-listing), and a re-listing is never exclusive.
   */
  earlierBuyers?: number;
  price: string;
  link: string;
}

/**
 * «1 klipp», «3 klipp», «1 kreditt», «20 kreditter», «499,00 kr eks. mva» (amounts in øre, nb-NO
 * format). A card purchase's amount is the listing's price eks. mva; the card's total incl. mva is on
 * the receipt.
 */
export function priceInWords(payment: 'tickets' | 'credits' | 'card', amount: number): string {
  if (payment === 'tickets') return `${amount} klipp`;
  if (payment === 'credits') return `${amount} ${amount === 1 ? 'kreditt' : 'kreditter'}`;
  const kroner = new Intl.NumberFormat('nb-NO', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
  return `${kroner} kr eks. mva`;
}

export function leadBoughtEmail(input: LeadBoughtEmailInput): EmailContent {
  const who = input.leadName ? ` (${input.leadName})` : '';
  return renderEmail({
    subject: `Dere har kjøpt leadet «${input.title}»`,
    preheader: 'Kontaktinformasjonen ligger klar under Leads.',
    sender: { name: input.marketplaceName, color: input.marketplaceColor },
    heading: 'Nytt lead er kjøpt',
    body: [
      'Hei,',
      [
        { strong: input.buyerOrganizationName },
        ` har kjøpt leadet «${input.title}»${who} på ${input.marketplaceName} for ${input.price}.`,
      ],
      'Kontaktinformasjonen finner du under Leads. Ta kontakt raskt — kunden venter på svar.',
    ],
    button: { label: 'Åpne leadet', href: input.link },
    why: `Du får denne e-posten fordi ${input.buyerOrganizationName} har slått på e-postvarsler om kjøpte leads. Varslene endrer du under Leads → Innstillinger.`,
    signature: sentBy(input.marketplaceName),
  });
}

export function listingSoldEmail(input: ListingSoldEmailInput): EmailContent {
  const earlier = input.earlierBuyers ?? 0;
  const soldOfLead = earlier + input.buyersCount;
  const promised = earlier + input.maxBuyers;
  const sold =
    input.maxBuyers === 1 && earlier === 0
      ? 'Det var et eksklusivt lead, og annonsen er nå utsolgt.'
      : input.buyersCount >= input.maxBuyers
        ? `${soldOfLead} av ${promised} er solgt, og annonsen er nå utsolgt.`
        : `${soldOfLead} av ${promised} er solgt.`;
  return renderEmail({
    subject: `Leadet «${input.title}» er solgt`,
    preheader: `${input.buyerOrganizationName} kjøpte det for ${input.price}.`,
    sender: { name: input.marketplaceName, color: input.marketplaceColor },
    heading: 'Leadet ditt er solgt',
    body: [
      'Hei,',
      [
        `${input.buyerOrganizationName} har kjøpt leadet «${input.title}» fra `,
        { strong: input.sellerOrganizationName },
        ` på ${input.marketplaceName} for ${input.price}.`,
      ],
      sold,
    ],
    button: { label: 'Se leadet', href: input.link },
    why: `Du får denne e-posten fordi ${input.sellerOrganizationName} har slått på e-postvarsler om solgte leads. Varslene endrer du under Leads → Innstillinger.`,
    signature: sentBy(input.marketplaceName),
  });
}

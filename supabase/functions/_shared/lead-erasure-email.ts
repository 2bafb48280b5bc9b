/**
 * The Norwegian notice to a buying organization's owners and admins that the person behind a lead it
 * bought asked the seller to erase their data (GDPR art. 19: the seller tells those it gave the data
 * to). Sent by campaign-jobs' lead-erasure-notices job. A legal notice, not marketing: no tracking and
 * no unsubscribe link, and no contact details of the person — the button opens the lead in Leadtorget.
 */
import { escapeHtml, renderLayout, sentBy } from './email-layout.ts';
import type { EmailContent } from './lead-email.ts';

export interface LeadErasureEmailInput {
  /** The listing's title the lead was bought through. */
  title: string;
  buyerOrganizationName: string;
  marketplaceName: string;
  purchasedAt: Date;
  requestedAt: Date;
  /** The bought lead in Leadtorget (`<site>/leads/lead/<id>`). */
  link: string;
}

const OSLO_DATE = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** «3. desember 2026», the Oslo calendar date (as the app's formatLongDate). */
export function osloLongDate(moment: Date): string {
  return OSLO_DATE.format(moment);
}

export function leadErasureEmail(input: LeadErasureEmailInput): EmailContent {
  const subject = `Personen bak leadet «${input.title}» har bedt om sletting`;
  const requested = osloLongDate(input.requestedAt);
  const purchased = osloLongDate(input.purchasedAt);
  const happened = (buyer: string, title: string, marketplace: string) =>
    `Den ${requested} ba personen bak leadet «${title}» selgeren om å slette opplysningene sine. ${buyer} kjøpte leadet på ${marketplace} den ${purchased}.`;
  const duty =
    'Dere må slette kopien deres av opplysningene og slutte å bruke dem, med mindre dere har et eget lovlig grunnlag for å beholde dem.';
  const noMore =
    'Selgeren kan ikke gi dere flere opplysninger om personen eller forespørselen. Leadet står fortsatt under Kjøpte leads, merket med datoen for forespørselen.';
  const why = (buyer: string) =>
    `Du får denne e-posten fordi du er eier eller administrator i ${buyer}, som kjøpte leadet. Personvernforordningen (GDPR artikkel 19) krever at de som har fått opplysningene, blir varslet. Dette er et lovpålagt varsel, ikke markedsføring.`;
  const html = renderLayout({
    brand: input.marketplaceName,
    heading: 'Et kjøpt lead skal slettes',
    paragraphs: [
      'Hei,',
      happened(
        `<strong>${escapeHtml(input.buyerOrganizationName)}</strong>`,
        escapeHtml(input.title),
        escapeHtml(input.marketplaceName),
      ),
      `<strong>${escapeHtml(duty)}</strong>`,
      escapeHtml(noMore),
    ],
    button: { label: 'Åpne leadet', href: input.link },
    footer: escapeHtml(why(input.buyerOrganizationName)),
  });
  const text = [
    'Et kjøpt lead skal slettes',
    '',
    'Hei,',
    '',
    happened(input.buyerOrganizationName, input.title, input.marketplaceName),
    '',
    duty,
    '',
    noMore,
    '',
    input.link,
    '',
    why(input.buyerOrganizationName),
    sentBy(input.marketplaceName),
    '',
  ].join('\n');
  return { subject, html, text };
}

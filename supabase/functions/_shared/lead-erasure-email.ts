/**
 * The Norwegian notice to a buying organization's owners and admins that the person behind a lead it
 * bought asked the seller to erase their data (GDPR art. 19: the seller tells those it gave the data
 * to). Sent by campaign-jobs' lead-erasure-notices job. A legal notice, not marketing: no tracking and
 * no unsubscribe link, and no contact details of the person — the button opens the lead in Leadtorget.
 */
import { type EmailContent, renderEmail, sentBy } from './email-layout.ts';

export interface LeadErasureEmailInput {
  /** The listing's title the lead was bought through. */
  title: string;
  buyerOrganizationName: string;
  marketplaceName: string;
  /** The marketplace's colour (`marketplaceColour` of its branding); Leadtorget's when null. */
  marketplaceColor?: string | null;
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
  const requested = osloLongDate(input.requestedAt);
  const purchased = osloLongDate(input.purchasedAt);
  return renderEmail({
    subject: `Personen bak leadet «${input.title}» har bedt om sletting`,
    preheader: 'Dere må slette kopien deres av opplysningene.',
    sender: { name: input.marketplaceName, color: input.marketplaceColor },
    heading: 'Et kjøpt lead skal slettes',
    body: [
      'Hei,',
      [
        `Den ${requested} ba personen bak leadet «${input.title}» selgeren om å slette opplysningene sine. `,
        { strong: input.buyerOrganizationName },
        ` kjøpte leadet på ${input.marketplaceName} den ${purchased}.`,
      ],
      [
        {
          strong:
            'Dere må slette kopien deres av opplysningene og slutte å bruke dem, med mindre dere har et eget lovlig grunnlag for å beholde dem.',
        },
      ],
      'Selgeren kan ikke gi dere flere opplysninger om personen eller forespørselen. Leadet står fortsatt under Kjøpte leads, merket med datoen for forespørselen.',
    ],
    button: { label: 'Åpne leadet', href: input.link },
    why: `Du får denne e-posten fordi du er eier eller administrator i ${input.buyerOrganizationName}, som kjøpte leadet. Personvernforordningen (GDPR artikkel 19) krever at de som har fått opplysningene, blir varslet. Dette er et lovpålagt varsel, ikke markedsføring.`,
    signature: sentBy(input.marketplaceName),
  });
}

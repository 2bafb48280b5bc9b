/** The branded Norwegian invitation e-mail of invite-member (HTML + text). */
import { type EmailContent, PLATFORM_NAME, renderEmail, sentBy } from '../_shared/email-layout.ts';

export interface InvitationEmailInput {
  email: string;
  link: string;
  organizationName: string;
  inviterName: string;
  role: 'admin' | 'member';
}

const ROLE_LABELS = { admin: 'administrator', member: 'medlem' } as const;

export function invitationEmail(input: InvitationEmailInput): EmailContent {
  return renderEmail({
    subject: `Du er invitert til ${input.organizationName} på Leadtorget`,
    preheader: `${input.inviterName} vil ha deg med. Invitasjonen gjelder i 14 dager.`,
    sender: { name: PLATFORM_NAME },
    heading: `Bli med i ${input.organizationName}`,
    body: [
      'Hei,',
      [
        `${input.inviterName} har invitert deg til å bli ${ROLE_LABELS[input.role]} i `,
        { strong: input.organizationName },
        ' på Leadtorget.',
      ],
      `Trykk på knappen for å godta invitasjonen. Logg inn eller opprett en konto med ${input.email} — invitasjonen gjelder bare for denne adressen.`,
    ],
    button: { label: 'Godta invitasjonen', href: input.link },
    after: ['Invitasjonen gjelder i 14 dager og kan bare brukes én gang.'],
    why: `Du får denne e-posten fordi ${input.inviterName} inviterte ${input.email} til ${input.organizationName}. Kjenner du ikke til dette, kan du se bort fra e-posten.`,
    signature: sentBy(PLATFORM_NAME),
  });
}

/** The branded Norwegian invitation e-mail of invite-member (HTML + text). */
import { escapeHtml, PLATFORM_NAME, renderLayout, sentBy } from '../_shared/email-layout.ts';

export interface InvitationEmailInput {
  email: string;
  link: string;
  organizationName: string;
  inviterName: string;
  role: 'admin' | 'member';
}

const ROLE_LABELS = { admin: 'administrator', member: 'medlem' } as const;

export function invitationEmail(input: InvitationEmailInput): {
  subject: string;
  html: string;
  text: string;
} {
  const subject = `Du er invitert til ${input.organizationName} på Leadtorget`;
  const organization = escapeHtml(input.organizationName);
  const inviter = escapeHtml(input.inviterName);
  const role = ROLE_LABELS[input.role];
  const html = renderLayout({
    brand: PLATFORM_NAME,
    heading: `Bli med i ${input.organizationName}`,
    paragraphs: [
      'Hei,',
      `${inviter} har invitert deg til å bli ${role} i <strong>${organization}</strong> på Leadtorget.`,
      `Trykk på knappen for å godta invitasjonen. Logg inn eller opprett en konto med ${escapeHtml(input.email)} — invitasjonen gjelder bare for denne adressen.`,
    ],
    button: { label: 'Godta invitasjonen', href: input.link },
    after: ['Invitasjonen gjelder i 14 dager og kan bare brukes én gang.'],
    footer: `Du får denne e-posten fordi ${inviter} inviterte ${escapeHtml(input.email)} til ${organization}. Kjenner du ikke til dette, kan du se bort fra e-posten.`,
  });
  const text = [
    `Bli med i ${input.organizationName}`,
    '',
    'Hei,',
    '',
    `${input.inviterName} har invitert deg til å bli ${role} i ${input.organizationName} på Leadtorget.`,
    '',
    `Åpne lenken for å godta invitasjonen. Logg inn eller opprett en konto med ${input.email} — invitasjonen gjelder bare for denne adressen.`,
    '',
    input.link,
    '',
    'Invitasjonen gjelder i 14 dager og kan bare brukes én gang.',
    '',
    `Du får denne e-posten fordi ${input.inviterName} inviterte ${input.email} til ${input.organizationName}. Kjenner du ikke til dette, kan du se bort fra e-posten.`,
    sentBy(PLATFORM_NAME),
    '',
  ].join('\n');
  return { subject, html, text };
}

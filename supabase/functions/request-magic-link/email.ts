/** The branded Norwegian sign-in e-mail of request-magic-link (HTML + text). */
import { escapeHtml, PLATFORM_NAME, renderLayout, sentBy } from '../_shared/email-layout.ts';

export interface MagicLinkEmailInput {
  email: string;
  link: string;
  /** The marketplace of the redirect's host, when it is one. */
  marketplaceName: string | null;
}

export function magicLinkEmail(input: MagicLinkEmailInput): { subject: string; html: string; text: string } {
  const brand = input.marketplaceName ?? PLATFORM_NAME;
  const subject = `Logg inn på ${brand}`;
  const email = escapeHtml(input.email);
  const html = renderLayout({
    brand,
    heading: subject,
    paragraphs: [
      'Hei,',
      `Du har bedt om å logge inn på ${escapeHtml(brand)} med ${email}. Trykk på knappen for å logge inn. Du trenger ikke passord.`,
    ],
    button: { label: 'Logg inn', href: input.link },
    after: [
      'Lenken kan bare brukes én gang og gjelder i én time. Du kan åpne den på en annen enhet enn den du ba om den fra.',
    ],
    footer: `Du får denne e-posten fordi noen ba om å logge inn på ${escapeHtml(brand)} med ${email}. Var det ikke deg, kan du se bort fra e-posten. Ingen blir logget inn uten lenken.`,
  });
  const text = [
    subject,
    '',
    'Hei,',
    '',
    `Du har bedt om å logge inn på ${brand} med ${input.email}. Åpne lenken for å logge inn. Du trenger ikke passord.`,
    '',
    input.link,
    '',
    'Lenken kan bare brukes én gang og gjelder i én time. Du kan åpne den på en annen enhet enn den du ba om den fra.',
    '',
    `Du får denne e-posten fordi noen ba om å logge inn på ${brand} med ${input.email}. Var det ikke deg, kan du se bort fra e-posten. Ingen blir logget inn uten lenken.`,
    sentBy(brand),
    '',
  ].join('\n');
  return { subject, html, text };
}

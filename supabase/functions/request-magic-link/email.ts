/** The branded Norwegian sign-in e-mail of request-magic-link (HTML + text). */
import { type EmailContent, PLATFORM_NAME, renderEmail, sentBy } from '../_shared/email-layout.ts';

export interface MagicLinkEmailInput {
  email: string;
  link: string;
  /** The marketplace of the redirect's host, when it is one. */
  marketplaceName: string | null;
  /** Its colour (branding), for the header. */
  marketplaceColor?: string | null;
}

export function magicLinkEmail(input: MagicLinkEmailInput): EmailContent {
  const brand = input.marketplaceName ?? PLATFORM_NAME;
  const subject = `Logg inn på ${brand}`;
  return renderEmail({
    subject,
    preheader: 'Lenken gjelder i én time og kan bare brukes én gang.',
    sender: { name: brand, color: input.marketplaceColor },
    heading: subject,
    body: [
      'Hei,',
      `Du har bedt om å logge inn på ${brand} med ${input.email}. Trykk på knappen for å logge inn. Du trenger ikke passord.`,
    ],
    button: { label: 'Logg inn', href: input.link },
    after: [
      'Lenken kan bare brukes én gang og gjelder i én time. Du kan åpne den på en annen enhet enn den du ba om den fra.',
    ],
    why: `Du får denne e-posten fordi noen ba om å logge inn på ${brand} med ${input.email}. Var det ikke deg, kan du se bort fra e-posten. Ingen blir logget inn uten lenken.`,
    signature: sentBy(brand),
  });
}

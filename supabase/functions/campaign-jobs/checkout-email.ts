/**
 * The recovery e-mails of an abandoned checkout (docs/checkouts.md «Recovery»), in Norwegian: sent by
 * the organization, only to a buyer who asked for a reminder, each with a one-click unsubscribe. Three
 * steps: a nudge (15 minutes), the recovery coupon when the checkout has one (6 hours), the last one
 * (24 hours).
 */
import { type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import { formatNok } from '../_shared/receipt-email.ts';
import { type CampaignSender, greeting, senderOf } from './email.ts';

export interface RecoveryCoupon {
  code: string;
  percentOff: number | null;
  amountOffOre: number | null;
  expiresAt: Date | null;
}

export interface RecoveryEmailInput {
  checkoutName: string;
  sender: CampaignSender;
  name: string | null;
  step: 1 | 2 | 3;
  /** Step 2's coupon, when the checkout offers one and it can still be used. */
  coupon: RecoveryCoupon | null;
  /** The checkout, with `?rabatt=<code>` when a coupon is offered. */
  checkoutLink: string;
  /** The buyer's page with `&unsubscribe=1`. */
  unsubscribeLink: string;
}

const OSLO_DATE = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: 'numeric',
  month: 'long',
});

/** «10 %» or «100,00 kr». */
export function couponValue(coupon: RecoveryCoupon): string {
  return coupon.percentOff !== null ? `${coupon.percentOff} %` : formatNok(coupon.amountOffOre ?? 0);
}

function stepTexts(input: RecoveryEmailInput): { subject: string; heading: string; lines: string[] } {
  const { checkoutName, coupon } = input;
  if (input.step === 2 && coupon) {
    const until = coupon.expiresAt ? ` Koden gjelder til ${OSLO_DATE.format(coupon.expiresAt)}.` : '';
    return {
      subject: `${couponValue(coupon)} rabatt på ${checkoutName}`,
      heading: `Her er ${couponValue(coupon)} rabatt`,
      lines: [
        `Du var nesten ferdig med å kjøpe ${checkoutName}. Bruk koden ${coupon.code} i kassen, så får du ${couponValue(coupon)} rabatt.${until}`,
      ],
    };
  }
  if (input.step === 3) {
    return {
      subject: `Siste påminnelse: ${checkoutName}`,
      heading: 'Siste påminnelse',
      lines: [
        `Du startet et kjøp av ${checkoutName}, men det ble ikke fullført. Dette er den siste påminnelsen vi sender om det.`,
      ],
    };
  }
  return {
    subject: `Du har ikke fullført kjøpet av ${checkoutName}`,
    heading: 'Vil du fullføre kjøpet?',
    lines: [
      `Du startet et kjøp av ${checkoutName}, men det ble ikke fullført. Var det noe som stoppet deg? Kassen står klar der du slapp.`,
    ],
  };
}

export function recoveryEmail(input: RecoveryEmailInput): EmailContent {
  const organization = input.sender.organizationName;
  const texts = stepTexts(input);
  return renderEmail({
    subject: texts.subject,
    preheader: texts.lines[0]!,
    sender: senderOf(input.sender),
    heading: texts.heading,
    body: [greeting(input.name), ...texts.lines],
    button: { label: 'Fullfør kjøpet', href: input.checkoutLink },
    after: ['Har du allerede betalt, kan du se bort fra denne e-posten.'],
    why: `Du får denne e-posten fordi du ba om en påminnelse da du startet et kjøp hos ${organization}. Vi sender høyst tre.`,
    links: [{ label: 'Meld deg av med ett klikk', href: input.unsubscribeLink }],
    signature: sentByOrganization(organization),
  });
}

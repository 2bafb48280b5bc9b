/**
 * The calendars' e-mails to participants (HTML + text), in Norwegian: the confirmation with the
 * participation link, and the daily reminder with today's door and a one-click unsubscribe link.
 * They come from the organization that runs the calendar, so the footer names it, not a marketplace.
 */
import { type EmailContent, renderEmail, type Sender, sentByOrganization } from '../_shared/email-layout.ts';

/** The organization that runs the campaign, as its e-mails show it (campaign_email_senders). */
export interface CampaignSender {
  organizationName: string;
  /** The campaign's primary colour (its design), or null. */
  color: string | null;
  /** The organization's contact address, or null. */
  contactEmail: string | null;
}

export interface ConfirmationEmailInput {
  calendarName: string;
  sender: CampaignSender;
  /** The participant's name, if they gave one. */
  name: string | null;
  /** `<site>/calendar/participation?id=…&token=…` */
  participationLink: string;
  /** `<site>/calendar/<id>` */
  calendarLink: string;
}

export interface ReminderEmailInput {
  calendarName: string;
  sender: CampaignSender;
  name: string | null;
  dayNumber: number;
  /** When today's door opens, and the job's clock: «er åpen» or «åpner kl. 08:00». */
  doorOpensAt: Date;
  now: Date;
  /** `<site>/calendar/<id>/<day>` */
  doorLink: string;
  /** The participation page with `&unsubscribe=1`: one click turns the reminders off. */
  unsubscribeLink: string;
}

const OSLO_TIME = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** «08:00», Oslo wall clock. */
export function osloTime(moment: Date): string {
  return OSLO_TIME.format(moment);
}

export function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hei ${first},` : 'Hei,';
}

export function senderOf(sender: CampaignSender): Sender {
  return { name: sender.organizationName, color: sender.color, contact: sender.contactEmail };
}

export function confirmationEmail(input: ConfirmationEmailInput): EmailContent {
  const organization = input.sender.organizationName;
  const participation = { label: 'Se deltakelsen din', href: input.participationLink };
  return renderEmail({
    subject: `Takk for at du er med i ${input.calendarName}`,
    preheader: 'En ny luke åpner hver dag. Her er lenken til din egen side.',
    sender: senderOf(input.sender),
    heading: `Takk for at du er med i ${input.calendarName}`,
    body: [
      greeting(input.name),
      [
        'Du er med i ',
        { strong: input.calendarName },
        ` fra ${organization}. En ny luke åpner hver dag — åpne dagens luke, svar og bli med i trekningen.`,
      ],
      'På din egen side ser du svarene dine og lukene som gjenstår. Der kan du også slå av påminnelser eller slette dataene dine.',
    ],
    button: participation,
    after: [
      ['Til kalenderen: ', { href: input.calendarLink }],
      'Lenken til siden din er personlig. Ikke del den med andre.',
    ],
    why: `Du får denne e-posten fordi e-postadressen din ble meldt på ${input.calendarName} fra ${organization}. Var det ikke deg, kan du slette dataene på siden din.`,
    signature: sentByOrganization(organization),
  });
}

export function reminderEmail(input: ReminderEmailInput): EmailContent {
  const open = input.now.getTime() >= input.doorOpensAt.getTime();
  const state = open ? 'er åpen' : `åpner kl. ${osloTime(input.doorOpensAt)}`;
  const organization = input.sender.organizationName;
  const unsubscribe = { label: 'Meld deg av med ett klikk', href: input.unsubscribeLink };
  return renderEmail({
    subject: `Luke ${input.dayNumber} i ${input.calendarName} ${state}`,
    preheader: `Åpne luke ${input.dayNumber} og bli med i trekningen.`,
    sender: senderOf(input.sender),
    heading: `Luke ${input.dayNumber} ${state}`,
    body: [
      greeting(input.name),
      ['Dagens luke i ', { strong: input.calendarName }, ` ${state}. Åpne den og bli med i trekningen.`],
    ],
    button: { label: `Åpne luke ${input.dayNumber}`, href: input.doorLink },
    why: `Du får denne påminnelsen fordi du ba om den da du ble med i ${input.calendarName} fra ${organization}.`,
    links: [unsubscribe],
    signature: sentByOrganization(organization),
  });
}

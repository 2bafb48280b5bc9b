/**
 * The calendars' e-mails to participants (HTML + text), in Norwegian: the confirmation with the
 * participation link, and the daily reminder with today's door and a one-click unsubscribe link.
 * They come from the organization that runs the calendar, so the footer names it, not a marketplace.
 */
import { escapeHtml, linkHtml, PLATFORM_NAME, renderLayout } from '../_shared/email-layout.ts';
import type { EmailContent } from '../_shared/lead-email.ts';

export interface ConfirmationEmailInput {
  calendarName: string;
  organizationName: string;
  /** The participant's name, if they gave one. */
  name: string | null;
  /** `<site>/calendar/participation?id=…&token=…` */
  participationLink: string;
  /** `<site>/calendar/<id>` */
  calendarLink: string;
}

export interface ReminderEmailInput {
  calendarName: string;
  organizationName: string;
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

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hei ${first},` : 'Hei,';
}

function signature(organizationName: string): string {
  return `Sendt av ${organizationName} med ${PLATFORM_NAME}.`;
}

export function confirmationEmail(input: ConfirmationEmailInput): EmailContent {
  const subject = `Takk for at du er med i ${input.calendarName}`;
  const calendar = escapeHtml(input.calendarName);
  const organization = escapeHtml(input.organizationName);
  const why = `Du får denne e-posten fordi e-postadressen din ble meldt på ${input.calendarName} fra ${input.organizationName}.`;
  const html = renderLayout({
    brand: input.organizationName,
    heading: `Takk for at du er med i ${input.calendarName}`,
    paragraphs: [
      escapeHtml(greeting(input.name)),
      `Du er med i <strong>${calendar}</strong> fra ${organization}. En ny luke åpner hver dag — åpne dagens luke, svar og bli med i trekningen.`,
      'På din egen side ser du svarene dine og lukene som gjenstår. Der kan du også slå av påminnelser eller slette dataene dine.',
    ],
    button: { label: 'Se deltakelsen din', href: input.participationLink },
    after: [
      `Til kalenderen: ${linkHtml(input.calendarLink)}`,
      'Lenken til siden din er personlig. Ikke del den med andre.',
    ],
    footer: `${escapeHtml(why)} Var det ikke deg, kan du slette dataene med knappen over.`,
    signature: signature(input.organizationName),
  });
  const text = [
    `Takk for at du er med i ${input.calendarName}`,
    '',
    greeting(input.name),
    '',
    `Du er med i ${input.calendarName} fra ${input.organizationName}. En ny luke åpner hver dag — åpne dagens luke, svar og bli med i trekningen.`,
    '',
    'På din egen side ser du svarene dine og lukene som gjenstår. Der kan du også slå av påminnelser eller slette dataene dine:',
    input.participationLink,
    '',
    `Til kalenderen: ${input.calendarLink}`,
    '',
    'Lenken til siden din er personlig. Ikke del den med andre.',
    '',
    `${why} Var det ikke deg, kan du slette dataene på siden over.`,
    signature(input.organizationName),
    '',
  ].join('\n');
  return { subject, html, text };
}

export function reminderEmail(input: ReminderEmailInput): EmailContent {
  const open = input.now.getTime() >= input.doorOpensAt.getTime();
  const state = open ? 'er åpen' : `åpner kl. ${osloTime(input.doorOpensAt)}`;
  const subject = `Luke ${input.dayNumber} i ${input.calendarName} ${state}`;
  const why = `Du får denne påminnelsen fordi du ba om den da du ble med i ${input.calendarName} fra ${input.organizationName}.`;
  const html = renderLayout({
    brand: input.organizationName,
    heading: `Luke ${input.dayNumber} ${state}`,
    paragraphs: [
      escapeHtml(greeting(input.name)),
      `Dagens luke i <strong>${escapeHtml(input.calendarName)}</strong> ${escapeHtml(state)}. Åpne den og bli med i trekningen.`,
    ],
    button: { label: `Åpne luke ${input.dayNumber}`, href: input.doorLink },
    after: [
      `Vil du ikke ha flere påminnelser? ${linkHtml(input.unsubscribeLink, 'Meld deg av med ett klikk')}.`,
    ],
    footer: escapeHtml(why),
    signature: signature(input.organizationName),
  });
  const text = [
    `Luke ${input.dayNumber} ${state}`,
    '',
    greeting(input.name),
    '',
    `Dagens luke i ${input.calendarName} ${state}. Åpne den og bli med i trekningen:`,
    input.doorLink,
    '',
    `Vil du ikke ha flere påminnelser? Meld deg av med ett klikk: ${input.unsubscribeLink}`,
    '',
    why,
    signature(input.organizationName),
    '',
  ].join('\n');
  return { subject, html, text };
}

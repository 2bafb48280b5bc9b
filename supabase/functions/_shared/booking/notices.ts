/**
 * A booking's e-mails (docs/booking.md «E-post og kalenderfiler»), in Norwegian, from the organization:
 * to the visitor the confirmation (with the manage link), the change and the cancellation, each with
 * the .ics that adds, moves or removes the same calendar event, and the reminders; to the staff
 * member's notice address (when set) a notice of each new, moved or cancelled booking, with the .ics.
 * The visitor's e-mails link, in the footer, to their own page (/booking/participation).
 */
import { bookingUid, calendarAttachment, type CalendarEvent } from '../calendar-file.ts';
import { z } from '../deps.ts';
import { type Block, renderEmail, sentByOrganization } from '../email-layout.ts';
import type { Mail } from '../mailer.ts';
import { bookingParticipationPath, publicLink } from '../public-paths.ts';

/** public.booking_notice's answer. */
export const bookingNoticeSchema = z.object({
  id: z.string(),
  solution_id: z.string(),
  solution_name: z.string(),
  status: z.string(),
  start: z.string(),
  end: z.string(),
  sequence: z.number().int(),
  service_name: z.string(),
  staff_name: z.string(),
  staff_email: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  organization_name: z.string(),
  contact_email: z.string().nullable(),
  primary_color: z.string().nullable(),
});
export type BookingNotice = z.infer<typeof bookingNoticeSchema>;

export type BookingEvent = 'booked' | 'rescheduled' | 'cancelled';

const OSLO_DAY = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const OSLO_TIME = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** «tirsdag 2. juni 2026 kl. 10:00–11:00», Oslo wall clock. */
export function osloSpan(start: Date, end: Date): string {
  return `${OSLO_DAY.format(start)} kl. ${OSLO_TIME.format(start)}–${OSLO_TIME.format(end)}`;
}

/** «om 2 timer», «om 1 døgn», «om 30 minutter». */
export function leadTime(minutes: number): string {
  if (minutes % 1440 === 0) return `om ${minutes / 1440} døgn`;
  if (minutes % 60 === 0) return minutes === 60 ? 'om 1 time' : `om ${minutes / 60} timer`;
  return `om ${minutes} minutter`;
}

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Hei ${first},` : 'Hei,';
}

/** The booking as a calendar event; a cancelled one goes as METHOD:CANCEL. */
export function bookingEvent(notice: BookingNotice, manageLink: string | null): CalendarEvent {
  const lines = [`${notice.service_name} med ${notice.staff_name}.`];
  if (manageLink) lines.push(`Endre eller avbestill: ${manageLink}`);
  return {
    uid: bookingUid(notice.id),
    sequence: notice.sequence,
    start: new Date(notice.start),
    end: new Date(notice.end),
    title: `${notice.service_name} – ${notice.organization_name}`,
    description: lines.join('\n'),
    organizer: notice.contact_email ? { name: notice.organization_name, email: notice.contact_email } : null,
    cancelled: notice.status === 'cancelled',
  };
}

const VISITOR_TEXTS: Record<BookingEvent, { subject: string; heading: string; lead: string }> = {
  booked: {
    subject: 'Bestillingen er bekreftet',
    heading: 'Bestillingen er bekreftet',
    lead: 'Takk for bestillingen. Her er timen din:',
  },
  rescheduled: {
    subject: 'Timen er flyttet',
    heading: 'Timen er flyttet',
    lead: 'Timen din har fått ny tid:',
  },
  cancelled: {
    subject: 'Timen er avbestilt',
    heading: 'Timen er avbestilt',
    lead: 'Denne timen er avbestilt:',
  },
};

const STAFF_TEXTS: Record<BookingEvent, string> = {
  booked: 'Ny bestilling',
  rescheduled: 'Bestilling flyttet',
  cancelled: 'Bestilling avbestilt',
};

function detailRows(notice: BookingNotice): [string, string][] {
  return [
    ['Tjeneste', notice.service_name],
    ['Tid', osloSpan(new Date(notice.start), new Date(notice.end))],
    ['Hos', notice.staff_name],
  ];
}

const rows = (notice: BookingNotice): Block => ({ rows: detailRows(notice) });

const senderOf = (notice: BookingNotice) => ({
  name: notice.organization_name,
  color: notice.primary_color,
  contact: notice.contact_email,
});

/**
 * The link to the visitor's own page with a fresh participation token (`issueToken`:
 * public.booking_participation_token). An e-mail without it beats no e-mail, so a failed issue
 * answers null.
 */
export async function bookingParticipationLink(
  siteUrl: string,
  notice: BookingNotice,
  issueToken: (bookingId: string) => Promise<string>,
): Promise<string | null> {
  try {
    return publicLink(siteUrl, bookingParticipationPath(notice.solution_id, await issueToken(notice.id)));
  } catch {
    return null;
  }
}

/** The footer's link to the visitor's own page, when there is one. */
const ownPage = (participationLink: string | null) =>
  participationLink
    ? { links: [{ label: 'Se bestillingene dine og det vi har lagret om deg', href: participationLink }] }
    : {};

/** The visitor's e-mail and, when the staff member has a notice address, theirs. */
export function bookingEmails(
  notice: BookingNotice,
  event: BookingEvent,
  manageLink: string | null,
  participationLink: string | null = null,
): Mail[] {
  const texts = VISITOR_TEXTS[event];
  const when = osloSpan(new Date(notice.start), new Date(notice.end));
  const calendar = calendarAttachment(bookingEvent(notice, manageLink));
  const calendarLine =
    event === 'cancelled'
      ? 'Vedlegget (avlyst.ics) fjerner timen fra kalenderen din.'
      : 'Vedlegget (invitasjon.ics) legger timen i kalenderen din, og oppdaterer den om den flyttes.';
  const organization = notice.organization_name;
  const visitor: Mail = {
    to: notice.email,
    ...renderEmail({
      subject: `${texts.subject}: ${notice.service_name} ${when}`,
      preheader: `${notice.service_name} hos ${organization}, ${when}.`,
      sender: senderOf(notice),
      heading: texts.heading,
      body: [greeting(notice.name), texts.lead, rows(notice), calendarLine],
      ...(manageLink && event !== 'cancelled'
        ? {
            button: { label: 'Endre eller avbestill', href: manageLink },
            after: ['Lenken er personlig. Ikke del den med andre.'],
          }
        : {}),
      why: `Du får denne e-posten fordi du bestilte time hos ${organization} (${notice.solution_name}).`,
      ...ownPage(participationLink),
      signature: sentByOrganization(organization),
    }),
    attachments: [calendar],
    tags: [`booking-${event}`],
  };
  if (!notice.staff_email) return [visitor];
  const staffCalendar = calendarAttachment(bookingEvent(notice, null));
  const who = notice.name ? `${notice.name} (${notice.email})` : notice.email;
  const staff: Mail = {
    to: notice.staff_email,
    ...renderEmail({
      subject: `${STAFF_TEXTS[event]}: ${notice.service_name} ${when}`,
      preheader: `${who}, ${when}.`,
      sender: senderOf(notice),
      heading: STAFF_TEXTS[event],
      body: [
        { rows: [['Kunde', who], ...detailRows(notice)] },
        event === 'cancelled'
          ? 'Vedlegget fjerner timen fra kalenderen din.'
          : 'Vedlegget legger timen i kalenderen din.',
      ],
      why: `Du får denne e-posten fordi du er satt opp med e-postvarsel i ${notice.solution_name}.`,
      signature: sentByOrganization(organization),
    }),
    attachments: [staffCalendar],
    tags: [`booking-staff-${event}`],
  };
  return [visitor, staff];
}

/** The reminder `minutes` before the booking, to the visitor. */
export function bookingReminderEmail(
  notice: BookingNotice,
  minutes: number,
  participationLink: string | null = null,
): Mail {
  const when = osloSpan(new Date(notice.start), new Date(notice.end));
  const organization = notice.organization_name;
  return {
    to: notice.email,
    ...renderEmail({
      subject: `Påminnelse: ${notice.service_name} ${leadTime(minutes)}`,
      preheader: `${notice.service_name} hos ${organization}, ${when}.`,
      sender: senderOf(notice),
      heading: `Påminnelse: ${notice.service_name} ${leadTime(minutes)}`,
      body: [
        greeting(notice.name),
        `Dette er en påminnelse om timen din hos ${organization}:`,
        rows(notice),
        'Vil du endre eller avbestille, bruker du lenken i bekreftelsen du fikk da du bestilte.',
      ],
      why: `Du får denne påminnelsen fordi du har bestilt time hos ${organization} (${notice.solution_name}).`,
      ...ownPage(participationLink),
      signature: sentByOrganization(organization),
    }),
    tags: ['booking-reminder'],
  };
}

/**
 * Calendar files (.ics, RFC 5545) for booking and meeting e-mails and the staff's feed, written by
 * `ics` (docs/decisions.md says why this one). Every event keeps one UID for its whole life, so a
 * change (METHOD:REQUEST with a higher SEQUENCE) or a cancellation (METHOD:CANCEL, STATUS:CANCELLED)
 * updates the same event in the recipient's calendar. Times are written in UTC: no VTIMEZONE to get
 * wrong, and every calendar shows them in its own zone (Europe/Oslo for our users).
 */
// Pinned here, not in deps.ts: only the functions that send calendar files load it.
import { createEvents, type EventAttributes } from 'npm:ics@3.12.0';
import type { MailAttachment } from './mailer.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface CalendarEvent {
  /** Stable for the booking or meeting: `bookingUid(id)`, `meetingUid(id)`. */
  uid: string;
  /** Grows with every change; a recipient's calendar keeps the event with the highest. */
  sequence: number;
  start: Date;
  end: Date;
  /** Norwegian summary and description. */
  title: string;
  description?: string;
  location?: string | null;
  /** Needed by calendars that accept REQUEST/CANCEL (Outlook, Apple). */
  organizer?: { name: string; email: string } | null;
  cancelled?: boolean;
}

const DOMAIN = 'leadtorget.no';
const PRODUCT = '-//Leadtorget//Booking og møter//NO';

export const bookingUid = (bookingId: string) => `booking-${bookingId}@${DOMAIN}`;
export const meetingUid = (meetingId: string) => `meeting-${meetingId}@${DOMAIN}`;

const utc = (moment: Date) => moment.getTime();

function attributesOf(event: CalendarEvent): EventAttributes {
  return {
    uid: event.uid,
    sequence: event.sequence,
    start: utc(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(event.organizer ? { organizer: event.organizer } : {}),
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: event.cancelled ? 'FREE' : 'BUSY',
  };
}

/** A VCALENDAR with the events; `calName` names a feed. Throws when `ics` refuses an event. */
export function calendarFile(
  events: readonly CalendarEvent[],
  method: CalendarMethod,
  calName?: string,
): string {
  const { error, value } = createEvents(events.map(attributesOf), {
    productId: PRODUCT,
    method,
    ...(calName ? { calName } : {}),
  });
  if (error || !value) throw error ?? new Error('calendar-file: no output');
  return value;
}

/**
 * One event as an e-mail attachment: a cancelled event goes as METHOD:CANCEL, any other as REQUEST,
 * both with the method in the content type as RFC 6047 asks.
 */
export function calendarAttachment(event: CalendarEvent): MailAttachment {
  const method: CalendarMethod = event.cancelled ? 'CANCEL' : 'REQUEST';
  return {
    filename: event.cancelled ? 'avlyst.ics' : 'invitasjon.ics',
    content: calendarFile([event], method),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

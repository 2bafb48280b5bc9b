/**
 * GET /functions/v1/booking-feed?token=… (docs/booking.md «E-post og kalenderfiler»): a staff
 * member's private iCal feed, for a calendar app to subscribe to: their confirmed bookings from 30 days
 * back, each with the same UID and SEQUENCE as the e-mails' .ics. The token (issue_booking_feed_token,
 * 64 hex characters, only its hash kept) is the only key: calendar apps send no headers of ours, so the
 * function takes no JWT. An unknown token is 404, the same as a malformed one.
 */
import { bookingUid, calendarFile, type CalendarEvent } from '../_shared/calendar-file.ts';
import { z } from '../_shared/deps.ts';
import type { Log } from '../_shared/http.ts';

/** public.booking_feed's answer. */
export const feedSchema = z.object({
  staff_name: z.string(),
  solution_name: z.string(),
  organization_name: z.string(),
  bookings: z.array(
    z.object({
      id: z.string(),
      start: z.string(),
      end: z.string(),
      sequence: z.number().int(),
      service_name: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
  ),
});

export interface BookingFeedDeps {
  /** public.booking_feed: the feed of a token, or null. */
  feed(token: string): Promise<unknown>;
  log?: Log;
}

const TOKEN = /^[0-9a-f]{64}$/;

const HEADERS = {
  'Cache-Control': 'private, max-age=300',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...HEADERS, ...headers },
  });

export async function handleBookingFeed(request: Request, deps: BookingFeedDeps): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  }
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!TOKEN.test(token)) return text(404, 'Fant ikke kalenderen.');
  try {
    const answer = await deps.feed(token);
    if (answer === null) return text(404, 'Fant ikke kalenderen.');
    const feed = feedSchema.parse(answer);
    const events: CalendarEvent[] = feed.bookings.map((booking) => ({
      uid: bookingUid(booking.id),
      sequence: booking.sequence,
      start: new Date(booking.start),
      end: new Date(booking.end),
      title: `${booking.service_name}: ${booking.name ?? booking.email}`,
      description: [
        `Kunde: ${[booking.name, booking.email].filter(Boolean).join(', ')}`,
        booking.phone ? `Telefon: ${booking.phone}` : null,
        `${feed.solution_name}, ${feed.organization_name}`,
      ]
        .filter(Boolean)
        .join('\n'),
    }));
    const body = calendarFile(events, 'PUBLISH', `${feed.staff_name} – ${feed.solution_name}`);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', ...HEADERS },
    });
  } catch (error) {
    deps.log?.('booking-feed: unexpected failure', error);
    return text(500, 'Noe gikk galt. Prøv igjen senere.');
  }
}

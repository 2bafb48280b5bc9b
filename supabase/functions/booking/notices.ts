/**
 * The booking function's e-mails after each write (handler.ts' BookingNotices): the booking as its
 * e-mails show it (public.booking_notice), then the visitor's and the staff member's e-mails with the
 * .ics. The manage link is in the e-mails of the calls that carry the token (book, reschedule).
 */
import { bookingEmails, type BookingEvent, bookingNoticeSchema } from '../_shared/booking/notices.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { bookingManagePath, publicLink } from '../_shared/public-paths.ts';
import type { BookingNotices } from './handler.ts';

export interface BookingNoticeDeps {
  /** public.booking_notice for the booking (service role). */
  notice(bookingId: string): Promise<unknown>;
  mailer: Mailer;
  /** The app's address (SITE_URL). */
  siteUrl: string;
}

export function bookingNotices(deps: BookingNoticeDeps): BookingNotices {
  async function send(event: BookingEvent, bookingId: string, token: string | null) {
    const notice = bookingNoticeSchema.parse(await deps.notice(bookingId));
    const manageLink = token ? publicLink(deps.siteUrl, bookingManagePath(token)) : null;
    // Both e-mails are tried; the first failure is reported after (the handler logs it).
    const results = await Promise.allSettled(
      bookingEmails(notice, event, manageLink).map((mail) => deps.mailer.send(mail)),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return {
    booked: (booking, token) => send('booked', booking.id, token),
    rescheduled: (booking, token) => send('rescheduled', booking.id, token),
    cancelled: (booking) => send('cancelled', booking.id, null),
  };
}

/**
 * The booking function's e-mails after each write (handler.ts' BookingNotices): the booking as its
 * e-mails show it (public.booking_notice), then the visitor's and the staff member's e-mails with the
 * .ics. The manage link is in the e-mails of the calls that carry the token (book, reschedule); every
 * visitor's e-mail links to their own page with a fresh participation token. A
 * cancellation is claimed (claim_booking_cancellations), so it goes once whether the visitor or the
 * organization cancelled; one that fails is handed back to the booking-reminders job. A paid booking's
 * confirmation is claimed the same way (claim_booking_confirmations), after its payment.
 */
import {
  bookingEmails,
  type BookingEvent,
  bookingNoticeSchema,
  bookingParticipationLink,
} from '../_shared/booking/notices.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { bookingManagePath, publicLink } from '../_shared/public-paths.ts';
import type { BookingNotices } from './handler.ts';

export interface BookingNoticeDeps {
  /** public.booking_notice for the booking (service role). */
  notice(bookingId: string): Promise<unknown>;
  /** public.claim_booking_cancellations for the booking: its notice once, then nothing. */
  claimCancellation(bookingId: string): Promise<readonly { notice: unknown }[]>;
  releaseCancellation(bookingId: string): Promise<unknown>;
  /** public.claim_booking_confirmations for a paid booking: its notice once, then nothing. */
  claimConfirmation(bookingId: string): Promise<readonly { notice: unknown }[]>;
  releaseConfirmation(bookingId: string): Promise<unknown>;
  /** public.booking_participation_token: a fresh token for the visitor's own page. */
  participationToken(bookingId: string): Promise<string>;
  mailer: Mailer;
  /** The app's address (SITE_URL). */
  siteUrl: string;
}

export function bookingNotices(deps: BookingNoticeDeps): BookingNotices {
  async function send(event: BookingEvent, notice: unknown, token: string | null) {
    const manageLink = token ? publicLink(deps.siteUrl, bookingManagePath(token)) : null;
    const booking = bookingNoticeSchema.parse(notice);
    const ownPage = await bookingParticipationLink(deps.siteUrl, booking, deps.participationToken);
    // Both e-mails are tried; the first failure is reported after (the handler logs it).
    const results = await Promise.allSettled(
      bookingEmails(booking, event, manageLink, ownPage).map((mail) => deps.mailer.send(mail)),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
  /** A claimed e-mail goes once; one that fails is handed back to the booking-reminders job. */
  async function claimed(
    claim: (id: string) => Promise<readonly { notice: unknown }[]>,
    release: (id: string) => Promise<unknown>,
    id: string,
    event: BookingEvent,
    token: string | null,
  ) {
    const [found] = await claim(id);
    if (!found) return;
    try {
      await send(event, found.notice, token);
    } catch (error) {
      await release(id);
      throw error;
    }
  }
  return {
    booked: async (booking, token) => send('booked', await deps.notice(booking.id), token),
    rescheduled: async (booking, token) => send('rescheduled', await deps.notice(booking.id), token),
    cancelled: (booking) =>
      claimed(deps.claimCancellation, deps.releaseCancellation, booking.id, 'cancelled', null),
    // A paid booking's «Bestillingen er bekreftet» goes after the payment, once, with the manage link.
    paid: (booking, token) =>
      claimed(deps.claimConfirmation, deps.releaseConfirmation, booking.id, 'booked', token),
  };
}

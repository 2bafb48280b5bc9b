/**
 * Bookings (docs/booking.md «E-post og kalenderfiler»): the reminders each booking solution asks for
 * (reminder_minutes, default 24 and 2 hours before), and the cancellation e-mail (with the .ics) of a
 * booking the organization cancelled in the app, or whose e-mail failed in the booking function. The
 * database claims each once (claim_booking_reminders: none for a cancelled booking, none for a time
 * that had passed when the booking was made; claim_booking_cancellations); the confirmation of a paid
 * booking settled while nobody was on its page (claim_booking_confirmations); an e-mail that fails is
 * handed back for the next run. Each visitor's e-mail links to their own page with a fresh participation
 * token.
 */
import {
  bookingEmails,
  bookingNoticeSchema,
  bookingParticipationLink,
  bookingReminderEmail,
} from '../../_shared/booking/notices.ts';
import { releaseLogged, sendAll, sendPerClaim, type Job, type JobDeps } from '../job.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

/** Each claim's link to the visitor's own page (null where the token could not be issued). */
async function ownPages<Claim extends { notice: unknown }>(deps: JobDeps, claims: readonly Claim[]) {
  const issue = (bookingId: string) =>
    deps.rpc('booking_participation_token', { input_booking_id: bookingId });
  const links = await Promise.all(
    claims.map((claim) =>
      bookingParticipationLink(deps.siteUrl, bookingNoticeSchema.parse(claim.notice), issue),
    ),
  );
  return new Map(claims.map((claim, index) => [claim, links[index] ?? null]));
}

/**
 * The claimed e-mails of one kind: cancellations, and the confirmations of paid bookings whose payment
 * was settled after the visitor's page left (Stripe's webhook, the expiry job). Neither carries the
 * manage link: only its hash is kept.
 */
async function sendClaimed(deps: JobDeps, kind: 'cancellations' | 'confirmations') {
  const claims =
    kind === 'cancellations'
      ? await deps.rpc('claim_booking_cancellations', { input_limit: BATCH })
      : await deps.rpc('claim_booking_confirmations', { input_limit: BATCH });
  const event = kind === 'cancellations' ? 'cancelled' : 'booked';
  const links = await ownPages(deps, claims);
  const mails = claims.flatMap((claim) =>
    bookingEmails(bookingNoticeSchema.parse(claim.notice), event, null, links.get(claim) ?? null).map(
      (mail) => ({ claim, mail }),
    ),
  );
  const { sent, failedClaims } = await sendPerClaim(deps, 'booking-reminders', mails);
  for (const claim of failedClaims) {
    await releaseLogged(deps, 'booking-reminders', () =>
      kind === 'cancellations'
        ? deps.rpc('release_booking_cancellation', { input_booking_id: claim.booking_id })
        : deps.rpc('release_booking_confirmation', { input_booking_id: claim.booking_id }),
    );
  }
  return { sent, failed: failedClaims.length };
}

export const bookingReminders: Job = {
  name: 'booking-reminders',
  async run(deps, input) {
    const claims = await deps.rpc('claim_booking_reminders', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const links = await ownPages(deps, claims);
    const reminders = await sendAll(
      deps,
      'booking-reminders',
      claims,
      (claim) =>
        bookingReminderEmail(
          bookingNoticeSchema.parse(claim.notice),
          claim.minutes,
          links.get(claim) ?? null,
        ),
      (claim) =>
        deps.rpc('release_booking_reminder', {
          input_booking_id: claim.booking_id,
          input_minutes: claim.minutes,
        }),
    );
    const cancellations = await sendClaimed(deps, 'cancellations');
    const confirmations = await sendClaimed(deps, 'confirmations');
    return {
      ...reminders,
      cancellations: cancellations.sent,
      confirmations: confirmations.sent,
      failed: reminders.failed + cancellations.failed + confirmations.failed,
    };
  },
};

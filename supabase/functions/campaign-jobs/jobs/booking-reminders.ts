/**
 * Bookings (docs/booking.md «E-post og kalenderfiler»): the reminders each booking solution asks for
 * (reminder_minutes, default 24 and 2 hours before), and the cancellation e-mail (with the .ics) of a
 * booking the organization cancelled in the app, or whose e-mail failed in the booking function. The
 * database claims each once (claim_booking_reminders: none for a cancelled booking, none for a time
 * that had passed when the booking was made; claim_booking_cancellations); an e-mail that fails is
 * handed back for the next run.
 */
import { bookingEmails, bookingNoticeSchema, bookingReminderEmail } from '../../_shared/booking/notices.ts';
import { releaseLogged, sendAll, sendPerClaim, type Job, type JobDeps } from '../job.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

async function sendCancellations(deps: JobDeps) {
  const claims = await deps.rpc('claim_booking_cancellations', { input_limit: BATCH });
  const mails = claims.flatMap((claim) =>
    bookingEmails(bookingNoticeSchema.parse(claim.notice), 'cancelled', null).map((mail) => ({
      claim,
      mail,
    })),
  );
  const { sent, failedClaims } = await sendPerClaim(deps, 'booking-reminders', mails);
  for (const claim of failedClaims) {
    await releaseLogged(deps, 'booking-reminders', () =>
      deps.rpc('release_booking_cancellation', { input_booking_id: claim.booking_id }),
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
    const reminders = await sendAll(
      deps,
      'booking-reminders',
      claims,
      (claim) => bookingReminderEmail(bookingNoticeSchema.parse(claim.notice), claim.minutes),
      (claim) =>
        deps.rpc('release_booking_reminder', {
          input_booking_id: claim.booking_id,
          input_minutes: claim.minutes,
        }),
    );
    const cancellations = await sendCancellations(deps);
    return {
      ...reminders,
      cancellations: cancellations.sent,
      failed: reminders.failed + cancellations.failed,
    };
  },
};

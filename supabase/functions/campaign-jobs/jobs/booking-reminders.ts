/**
 * Bookings (docs/booking.md «E-post og kalenderfiler»): the reminders each booking solution asks for
 * (reminder_minutes, default 24 and 2 hours before). The database claims them and records them sent
 * (claim_booking_reminders: never twice, none for a cancelled booking, none for a time that had passed
 * when the booking was made); an e-mail that fails is handed back for the next run.
 */
import { bookingNoticeSchema, bookingReminderEmail } from '../../_shared/booking/notices.ts';
import { sendAll, type Job } from '../job.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

export const bookingReminders: Job = {
  name: 'booking-reminders',
  async run(deps, input) {
    const claims = await deps.rpc('claim_booking_reminders', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    return sendAll(
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
  },
};

/**
 * Claims the reminders due at `now` (default: the database's clock) and e-mails today's door, with a
 * one-click unsubscribe: a link to the page that asks, and the RFC 8058 headers a mail client's own
 * «unsubscribe» button POSTs to.
 */
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { oneClickUnsubscribeUrl, unsubscribeHeaders } from '../../_shared/unsubscribe.ts';
import { reminderEmail } from '../email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 500;

const paths = publicPaths('calendar');

export const calendarReminders: Job = {
  name: 'calendar-reminders',
  async run(deps, input) {
    const claims = await deps.rpc('claim_calendar_reminders', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const senderOf = await campaignSenders(deps, 'calendar-reminders', claims, (claim) => claim.calendar_id);
    return sendAll(
      deps,
      'calendar-reminders',
      claims,
      (claim) => ({
        to: claim.email,
        ...reminderEmail({
          calendarName: claim.calendar_name,
          sender: senderOf(claim),
          name: claim.name,
          dayNumber: claim.day_number,
          doorOpensAt: new Date(claim.door_opens_at),
          now: input.at,
          doorLink: publicLink(deps.siteUrl, paths.item(claim.calendar_id, claim.day_number)),
          unsubscribeLink: publicLink(deps.siteUrl, paths.unsubscribe(claim.calendar_id, claim.token)),
        }),
        headers: unsubscribeHeaders(
          oneClickUnsubscribeUrl(deps.functionsUrl, 'calendar', claim.calendar_id, claim.token),
        ),
        tags: ['calendar-reminder'],
      }),
      (claim) =>
        deps.rpc('release_campaign_reminder', {
          input_participant_id: claim.participant_id,
          input_campaign_id: claim.calendar_id,
          input_reminded_on: claim.reminded_on,
        }),
    );
  },
};

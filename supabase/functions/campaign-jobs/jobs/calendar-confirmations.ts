/**
 * Claims the calendar participants without a confirmation (each with a fresh participation token)
 * and e-mails «Takk for at du er med i …» with the link to their own page.
 */
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { confirmationEmail } from '../email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

const paths = publicPaths('calendar');

export const calendarConfirmations: Job = {
  name: 'calendar-confirmations',
  async run(deps) {
    const claims = await deps.rpc('claim_calendar_confirmations', { input_limit: BATCH });
    const senderOf = await campaignSenders(
      deps,
      'calendar-confirmations',
      claims,
      (claim) => claim.calendar_id,
    );
    return sendAll(
      deps,
      'calendar-confirmations',
      claims,
      (claim) => ({
        to: claim.email,
        ...confirmationEmail({
          calendarName: claim.calendar_name,
          sender: senderOf(claim),
          name: claim.name,
          participationLink: publicLink(deps.siteUrl, paths.participation(claim.calendar_id, claim.token)),
          calendarLink: publicLink(deps.siteUrl, paths.campaign(claim.calendar_id)),
        }),
        tags: ['calendar-confirmation'],
      }),
      (claim) =>
        deps.rpc('release_campaign_confirmation', {
          input_participant_id: claim.participant_id,
          input_campaign_id: claim.calendar_id,
        }),
    );
  },
};

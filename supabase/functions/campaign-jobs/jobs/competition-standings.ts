/**
 * Claims the weekly standings due at `now` (Mondays after the reminder time, Oslo; default: the
 * database's clock) and e-mails each opted-in member their team's rank and progress and the shared
 * bar — frozen figures while the board is frozen — with a one-click unsubscribe, as the calendars'
 * reminders do.
 */
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { oneClickUnsubscribeUrl, unsubscribeHeaders } from '../../_shared/unsubscribe.ts';
import { standingsEmail } from '../competition-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';
import { teamFiguresOf } from '../competition-figures.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 500;

const paths = publicPaths('competition');

export const competitionStandings: Job = {
  name: 'competition-standings',
  async run(deps, input) {
    const claims = await deps.rpc('claim_competition_standings', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const senderOf = await campaignSenders(
      deps,
      'competition-standings',
      claims,
      (claim) => claim.competition_id,
    );
    return sendAll(
      deps,
      'competition-standings',
      claims,
      (claim) => ({
        to: claim.email,
        ...standingsEmail({
          ...teamFiguresOf(claim, senderOf(claim)),
          teamGoal: claim.team_goal,
          teamGoalPercent: claim.team_goal_percent,
          frozen: claim.frozen,
          endsOn: claim.ends_on,
          participationLink: publicLink(deps.siteUrl, paths.participation(claim.competition_id, claim.token)),
          competitionLink: publicLink(deps.siteUrl, paths.campaign(claim.competition_id)),
          unsubscribeLink: publicLink(deps.siteUrl, paths.unsubscribe(claim.competition_id, claim.token)),
        }),
        headers: unsubscribeHeaders(
          oneClickUnsubscribeUrl(deps.functionsUrl, 'competition', claim.competition_id, claim.token),
        ),
        tags: ['competition-standings'],
      }),
      (claim) =>
        deps.rpc('release_campaign_reminder', {
          input_participant_id: claim.participant_id,
          input_campaign_id: claim.competition_id,
          input_reminded_on: claim.reminded_on,
        }),
    );
  },
};

/**
 * Claims the final results due at `now` (competitions ended within 14 days; default: the database's
 * clock) and e-mails each member once: their team's place, the shared bar, the milestones reached and
 * the top teams.
 */
import { z } from '../../_shared/deps.ts';
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { resultsEmail } from '../competition-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';
import { teamFiguresOf } from '../competition-figures.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 500;

const paths = publicPaths('competition');

const topTeamsSchema = z.array(z.object({ rank: z.number(), name: z.string(), score: z.number() }));
const milestonesSchema = z.array(z.object({ percent: z.number(), label: z.string() }));

export const competitionResults: Job = {
  name: 'competition-results',
  async run(deps, input) {
    const claims = await deps.rpc('claim_competition_results', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const senderOf = await campaignSenders(
      deps,
      'competition-results',
      claims,
      (claim) => claim.competition_id,
    );
    return sendAll(
      deps,
      'competition-results',
      claims,
      (claim) => ({
        to: claim.email,
        ...resultsEmail({
          ...teamFiguresOf(claim, senderOf(claim)),
          topTeams: topTeamsSchema.parse(claim.top_teams),
          milestones: milestonesSchema.parse(claim.milestones),
          participationLink: publicLink(deps.siteUrl, paths.participation(claim.competition_id, claim.token)),
          competitionLink: publicLink(deps.siteUrl, paths.campaign(claim.competition_id)),
        }),
        tags: ['competition-results'],
      }),
      (claim) => deps.rpc('release_competition_result', { input_member_id: claim.member_id }),
    );
  },
};

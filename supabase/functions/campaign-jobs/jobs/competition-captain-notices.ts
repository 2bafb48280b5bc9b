/**
 * Tells each captain, in one e-mail per team and run, of the join requests waiting for them and of
 * their team becoming full, with their participation link where they answer. Each request and a
 * team's being full are told once (the claim marks them).
 */
import { z } from '../../_shared/deps.ts';
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { captainNoticeEmail } from '../competition-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

const paths = publicPaths('competition');

const requestsSchema = z.array(
  z.object({ name: z.string(), requested_at: z.iso.datetime({ offset: true }) }),
);

export const competitionCaptainNotices: Job = {
  name: 'competition-captain-notices',
  async run(deps) {
    const claims = await deps.rpc('claim_competition_captain_notices', { input_limit: BATCH });
    const senderOf = await campaignSenders(
      deps,
      'competition-captain-notices',
      claims,
      (claim) => claim.competition_id,
    );
    return sendAll(
      deps,
      'competition-captain-notices',
      claims,
      (claim) => ({
        to: claim.email,
        ...captainNoticeEmail({
          competitionName: claim.competition_name,
          sender: senderOf(claim),
          name: claim.name,
          teamName: claim.team_name,
          teamMax: claim.team_max,
          requests: requestsSchema.parse(claim.requests).map((request) => ({
            name: request.name,
            requestedAt: new Date(request.requested_at),
          })),
          becameFull: claim.became_full,
          participationLink: publicLink(deps.siteUrl, paths.participation(claim.competition_id, claim.token)),
        }),
        tags: ['competition-captain-notice'],
      }),
      (claim) =>
        deps.rpc('release_competition_captain_notice', {
          input_team_id: claim.team_id,
          input_request_ids: claim.request_ids,
          input_became_full: claim.became_full,
        }),
    );
  },
};

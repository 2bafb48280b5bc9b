/**
 * Claims the competition registrations without a confirmation (each with a fresh participation token)
 * and e-mails «Du er med i …» with the link to their own page and what comes next: joined, captain of
 * a new team, waiting for the captain, or pre-registered.
 */
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { type JoinOutcome, joinConfirmationEmail } from '../competition-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

const paths = publicPaths('competition');
const OUTCOMES: readonly string[] = ['joined', 'captain', 'requested', 'registered'] satisfies JoinOutcome[];

function outcomeOf(value: string): JoinOutcome {
  return (OUTCOMES.includes(value) ? value : 'registered') as JoinOutcome;
}

export const competitionConfirmations: Job = {
  name: 'competition-confirmations',
  async run(deps) {
    const claims = await deps.rpc('claim_competition_confirmations', { input_limit: BATCH });
    const senderOf = await campaignSenders(
      deps,
      'competition-confirmations',
      claims,
      (claim) => claim.competition_id,
    );
    return sendAll(
      deps,
      'competition-confirmations',
      claims,
      (claim) => {
        const outcome = outcomeOf(claim.outcome);
        const registered = outcome === 'registered';
        return {
          to: claim.email,
          ...joinConfirmationEmail({
            competitionName: claim.competition_name,
            sender: senderOf(claim),
            name: claim.name,
            outcome,
            teamName: registered ? null : claim.team_name,
            participationLink: publicLink(
              deps.siteUrl,
              paths.participation(claim.competition_id, claim.token),
            ),
            pageLink: publicLink(
              deps.siteUrl,
              registered
                ? paths.campaign(claim.competition_id)
                : paths.item(claim.competition_id, claim.team_id),
            ),
          }),
          tags: ['competition-confirmation'],
        };
      },
      (claim) =>
        deps.rpc('release_campaign_confirmation', {
          input_participant_id: claim.participant_id,
          input_campaign_id: claim.competition_id,
        }),
    );
  },
};

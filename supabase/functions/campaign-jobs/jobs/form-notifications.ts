/**
 * Tells the members a form names, one e-mail each per response, of every response to a form that
 * tells of each (`notify_mode = 'each'`), with its answers and a link to the form's results. The
 * claim marks the responses; a failed e-mail hands its response back for the next run (the other
 * members of that response may then hear of it twice, never none of them).
 */
import type { FormDefinition } from '../../_shared/forms/index.ts';
import { publicLink } from '../../_shared/public-paths.ts';
import { formResultsPath, responseNoticeEmail } from '../form-email.ts';
import { type Job, releaseLogged, sendPerClaim } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 100;

export const formNotifications: Job = {
  name: 'form-notifications',
  async run(deps) {
    const claims = await deps.rpc('claim_form_notifications', { input_limit: BATCH });
    const senderOf = await campaignSenders(deps, 'form-notifications', claims, (claim) => claim.form_id);
    const mails = claims.flatMap((claim) =>
      claim.recipients.map((to) => ({
        claim,
        mail: {
          to,
          ...responseNoticeEmail({
            formName: claim.form_name,
            sender: senderOf(claim),
            submittedAt: new Date(claim.submitted_at),
            definition: claim.definition as unknown as FormDefinition,
            answers: claim.answers as Record<string, unknown>,
            score: claim.score ?? null,
            resultsLink: publicLink(deps.siteUrl, formResultsPath(claim.form_id)),
          }),
          tags: ['form-notification'],
        },
      })),
    );
    const { failedClaims, ...counts } = await sendPerClaim(deps, 'form-notifications', mails);
    if (failedClaims.length > 0) {
      await releaseLogged(deps, 'form-notifications', () =>
        deps.rpc('release_form_notifications', {
          input_response_ids: failedClaims.map((claim) => claim.response_id),
        }),
      );
    }
    return counts;
  },
};

/**
 * Claims the daily digests due at `now` (from 08:00 Oslo, once a day per form that tells in a digest,
 * `notify_mode = 'daily'`; default: the database's clock) and e-mails each member the form names the
 * count, the first and last time and the first responses, with a link to the form's results. A failed
 * e-mail hands the form's day and its responses back for the next run (the members it did reach may
 * then get the digest twice, never none of them).
 */
import { publicLink } from '../../_shared/public-paths.ts';
import { DIGEST_LISTED, formResultsPath, responseDigestEmail } from '../form-email.ts';
import { type Job, type JobDeps, releaseLogged, sendPerClaim } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the forms; the rest wait for the next run. */
export const BATCH = 100;

/**
 * The digest's first responses. The claim is already taken: should they not be read, the digest goes
 * out with the count alone rather than not at all.
 */
async function listOf(deps: JobDeps, ids: string[]) {
  try {
    return await deps.rpc('form_digest_responses', { input_response_ids: ids, input_limit: DIGEST_LISTED });
  } catch (error) {
    deps.log('campaign-jobs form-digests: reading the responses failed, sending the count alone', error);
    return [];
  }
}

export const formDigests: Job = {
  name: 'form-digests',
  async run(deps, input) {
    const claims = await deps.rpc('claim_form_digests', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const senderOf = await campaignSenders(deps, 'form-digests', claims, (claim) => claim.form_id);
    const mails = [];
    for (const claim of claims) {
      const listed = await listOf(deps, claim.response_ids);
      const content = responseDigestEmail({
        formName: claim.form_name,
        sender: senderOf(claim),
        onDate: claim.on_date,
        count: Number(claim.responses),
        firstAt: new Date(claim.first_at),
        lastAt: new Date(claim.last_at),
        responses: listed.map((row) => ({
          submittedAt: new Date(row.submitted_at),
          name: row.name,
          email: row.email,
        })),
        resultsLink: publicLink(deps.siteUrl, formResultsPath(claim.form_id)),
      });
      for (const to of claim.recipients)
        mails.push({ claim, mail: { to, ...content, tags: ['form-digest'] } });
    }
    const { failedClaims, ...counts } = await sendPerClaim(deps, 'form-digests', mails);
    for (const claim of failedClaims) {
      await releaseLogged(deps, 'form-digests', () =>
        deps.rpc('release_form_digest', {
          input_form_id: claim.form_id,
          input_response_ids: claim.response_ids,
        }),
      );
    }
    return counts;
  },
};

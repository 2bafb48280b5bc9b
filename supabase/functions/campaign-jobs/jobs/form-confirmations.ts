/**
 * Claims the responses whose confirmation is due (the form asks for one and the person gave an
 * e-mail), each with a fresh participation token, and e-mails the respondent their ending and answers
 * with the link to their own page. No marketing: it confirms what they sent. A failed e-mail hands
 * its response back for the next run.
 */
import type { FormDefinition } from '../../_shared/forms/index.ts';
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { responseConfirmationEmail } from '../form-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 100;

const paths = publicPaths('form');

export const formConfirmations: Job = {
  name: 'form-confirmations',
  async run(deps) {
    const claims = await deps.rpc('claim_form_confirmations', { input_limit: BATCH });
    const senderOf = await campaignSenders(deps, 'form-confirmations', claims, (claim) => claim.form_id);
    return sendAll(
      deps,
      'form-confirmations',
      claims,
      (claim) => ({
        to: claim.email,
        ...responseConfirmationEmail({
          formName: claim.form_name,
          sender: senderOf(claim),
          name: claim.name,
          definition: claim.definition as unknown as FormDefinition,
          answers: claim.answers as Record<string, unknown>,
          participationLink: publicLink(deps.siteUrl, paths.participation(claim.form_id, claim.token)),
        }),
        tags: ['form-confirmation'],
      }),
      (claim) => deps.rpc('release_form_confirmation', { input_response_id: claim.response_id }),
    );
  },
};

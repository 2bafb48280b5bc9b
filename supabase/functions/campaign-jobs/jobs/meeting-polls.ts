/**
 * Meeting polls (docs/meetings.md «E-post og kalenderfiler»): every minute, the invitations of new
 * polls (a guest's with their own signed link, a member's to the planner), the reminders of invitees
 * who have not answered 24 hours before the deadline, and the notice that a poll was cancelled. The
 * database claims each once (claim_meeting_poll_emails); a failed e-mail is handed back.
 */
import { z } from '../../_shared/deps.ts';
import { meetingGuestPath, publicLink } from '../../_shared/public-paths.ts';
import { sendAll, type Job, type JobDeps, type JobInput } from '../job.ts';
import { pollEmail, type PollEmailKind, pollSchema } from '../meeting-email.ts';

export const BATCH = 200;

const claimSchema = z.object({
  invitee_id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  token: z.string().nullable(),
  poll: pollSchema,
});

async function sendKind(deps: JobDeps, input: JobInput, kind: PollEmailKind) {
  const rows = await deps.rpc('claim_meeting_poll_emails', {
    input_kind: kind,
    ...(input.now ? { input_now: input.now } : {}),
    input_limit: BATCH,
  });
  const claims = rows.map((row) => claimSchema.parse(row));
  return sendAll(
    deps,
    'meeting-polls',
    claims,
    (claim) => {
      // A guest answers through their signed link; a member in the planner, signed in.
      const link = publicLink(deps.siteUrl, claim.token ? meetingGuestPath(claim.token) : '/meeting');
      return {
        to: claim.email,
        ...pollEmail(kind, claim.poll, claim.name, link),
        tags: [`meeting-poll-${kind}`],
      };
    },
    (claim) =>
      deps.rpc('release_meeting_poll_email', { input_kind: kind, input_invitee_id: claim.invitee_id }),
  );
}

export const meetingPolls: Job = {
  name: 'meeting-polls',
  async run(deps, input) {
    const invitations = await sendKind(deps, input, 'invitation');
    const reminders = await sendKind(deps, input, 'reminder');
    const cancellations = await sendKind(deps, input, 'cancelled');
    return {
      invitations: invitations.sent,
      reminders: reminders.sent,
      cancellations: cancellations.sent,
      failed: invitations.failed + reminders.failed + cancellations.failed,
    };
  },
};

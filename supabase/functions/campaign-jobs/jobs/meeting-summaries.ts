/**
 * Meetings (docs/meetings.md «E-post og kalenderfiler»): the summary a member asked to send
 * (request_meeting_summary_email) goes to every attendee — agenda, who came, decisions, notes, action
 * items. Claimed once per request (claim_meeting_summaries); a failure sends it again next run.
 */
import { releaseLogged, sendPerClaim, type Job } from '../job.ts';
import { meetingSchema, meetingSummaryEmail } from '../meeting-email.ts';

export const BATCH = 20;

export const meetingSummaries: Job = {
  name: 'meeting-summaries',
  async run(deps) {
    const rows = await deps.rpc('claim_meeting_summaries', { input_limit: BATCH });
    const meetings = rows.map((row) => meetingSchema.parse(row));
    const mails = meetings.flatMap((meeting) =>
      meeting.attendees.map((person) => ({
        claim: meeting,
        mail: { to: person.email, ...meetingSummaryEmail(meeting, person.name), tags: ['meeting-summary'] },
      })),
    );
    const { sent, failed, failedClaims } = await sendPerClaim(deps, 'meeting-summaries', mails);
    for (const meeting of failedClaims) {
      await releaseLogged(deps, 'meeting-summaries', () =>
        deps.rpc('release_meeting_summary', { input_meeting_id: meeting.meeting_id }),
      );
    }
    return { summaries: meetings.length, sent, failed };
  },
};

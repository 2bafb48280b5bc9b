/**
 * Meetings (docs/meetings.md «E-post og kalenderfiler»): when a poll is finalized, or the meeting's
 * room booking cancelled, every attendee gets the .ics that adds (REQUEST) or removes (CANCEL) the one
 * event of the meeting. The database claims a meeting once per version (claim_meeting_calendar_notices);
 * should an attendee's e-mail fail, the meeting goes again on the next run (the same UID and SEQUENCE,
 * so a calendar that has it already keeps one event).
 */
import { releaseLogged, sendPerClaim, type Job } from '../job.ts';
import { meetingCalendarEmail, type MeetingNotice, meetingSchema } from '../meeting-email.ts';

export const BATCH = 50;

export const meetingCalendar: Job = {
  name: 'meeting-calendar',
  async run(deps, input) {
    const rows = await deps.rpc('claim_meeting_calendar_notices', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const meetings = rows.map((row) => meetingSchema.parse(row));
    const mails = meetings.flatMap((meeting: MeetingNotice) =>
      meeting.attendees.map((person) => ({
        claim: meeting,
        mail: {
          to: person.email,
          ...meetingCalendarEmail(meeting, person.name),
          tags: [meeting.cancelled ? 'meeting-cancelled' : 'meeting-calendar'],
        },
      })),
    );
    const { sent, failed, failedClaims } = await sendPerClaim(deps, 'meeting-calendar', mails);
    for (const meeting of failedClaims) {
      await releaseLogged(deps, 'meeting-calendar', () =>
        deps.rpc('release_meeting_calendar_notice', { input_meeting_id: meeting.meeting_id }),
      );
    }
    return { meetings: meetings.length, sent, failed };
  },
};

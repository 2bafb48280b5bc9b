import type { Meeting } from '../api/get-meetings';

/** The meeting going on, else the latest that has started, else the next (meetings come latest first). */
export function defaultMeeting(meetings: readonly Meeting[], now: Date): Meeting | undefined {
  return meetings.find((meeting) => new Date(meeting.starts_at) <= now) ?? meetings.at(-1);
}

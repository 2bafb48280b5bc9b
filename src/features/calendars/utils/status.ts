/**
 * A calendar's status from its doors, by the rule of the database's `calendar_status`: a draft until
 * published, then scheduled before the first door opens, live until the last one closes, ended
 * after. Computed here because the embedded platform's data API does not serve computed columns.
 */
export type CalendarStatus = 'draft' | 'scheduled' | 'live' | 'ended';

export function calendarStatusAt(
  publishedAt: string | null,
  doors: readonly { opens_at: string; closes_at: string }[],
  now: Date,
): CalendarStatus {
  if (!publishedAt) return 'draft';
  if (doors.length === 0) return 'scheduled';
  const time = now.getTime();
  const firstOpens = Math.min(...doors.map((door) => Date.parse(door.opens_at)));
  const lastCloses = Math.max(...doors.map((door) => Date.parse(door.closes_at)));
  if (time < firstOpens) return 'scheduled';
  return time < lastCloses ? 'live' : 'ended';
}

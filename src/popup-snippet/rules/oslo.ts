/**
 * Oslo wall-clock time of a moment, from the browser's own time-zone data: schedules are Oslo times
 * whatever zone the visitor is in, and summer time follows the calendar without a library.
 */
export type OsloClock = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `YYYY-MM-DDTHH:mm`, comparable as text. */
  minute: string;
  hour: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
};

let formatter: Intl.DateTimeFormat | undefined;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function osloClock(now: number): OsloClock {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(now)) part[type] = value;
  const date = `${part.year}-${part.month}-${part.day}`;
  return {
    date,
    minute: `${date}T${part.hour}:${part.minute}`,
    hour: Number(part.hour),
    weekday: WEEKDAYS.indexOf(part.weekday ?? '') + 1,
  };
}

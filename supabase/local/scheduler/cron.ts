/**
 * Five-field cron schedules as pg_cron reads them (minute hour day-of-month month day-of-week, UTC):
 * `*`, numbers, ranges `a-b`, steps `*\/n` and `a-b/n`, lists `a,b`; day-of-week 0–7 with 0 and 7
 * both Sunday. When both day fields are restricted, a day matching either runs (as in cron).
 */
export interface CronSchedule {
  matches(at: Date): boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

export class CronError extends Error {}

function parseField(text: string, { name, min, max }: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new CronError(`${name}: «${part}» is not a cron field`);
    const [, all, from, to, step] = match;
    const start = all === '*' ? min : Number(from);
    const end = all === '*' ? max : to !== undefined ? Number(to) : step !== undefined ? max : start;
    const by = step !== undefined ? Number(step) : 1;
    if (start < min || end > max || start > end || by < 1) {
      throw new CronError(`${name}: «${part}» is outside ${min}–${max}`);
    }
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

export function parseCron(schedule: string): CronSchedule {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError(`«${schedule}» needs five fields`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) =>
    parseField(part, FIELDS[index]!),
  );
  if (weekdays!.has(7)) weekdays!.add(0);
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';
  return {
    matches(at) {
      const dayOk = days!.has(at.getUTCDate());
      const weekdayOk = weekdays!.has(at.getUTCDay());
      const day = dayRestricted && weekdayRestricted ? dayOk || weekdayOk : dayRestricted ? dayOk : weekdayOk;
      return (
        minutes!.has(at.getUTCMinutes()) &&
        hours!.has(at.getUTCHours()) &&
        months!.has(at.getUTCMonth() + 1) &&
        day
      );
    },
  };
}

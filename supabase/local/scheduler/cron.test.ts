import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('parseCron', () => {
  it('every five minutes, in UTC', () => {
    const schedule = parseCron('*/5 * * * *');
    expect(schedule.matches(at('2026-12-01T07:05:00Z'))).toBe(true);
    expect(schedule.matches(at('2026-12-01T07:06:00Z'))).toBe(false);
  });

  it('ranges, lists and stepped ranges', () => {
    const schedule = parseCron('0,30 6-8/2 * 12 *');
    expect(schedule.matches(at('2026-12-24T06:30:00Z'))).toBe(true);
    expect(schedule.matches(at('2026-12-24T08:00:00Z'))).toBe(true);
    expect(schedule.matches(at('2026-12-24T07:00:00Z'))).toBe(false);
    expect(schedule.matches(at('2026-11-24T06:30:00Z'))).toBe(false);
  });

  it('Sunday is 0 and 7; both day fields restricted means either', () => {
    expect(parseCron('0 9 * * 7').matches(at('2026-11-29T09:00:00Z'))).toBe(true);
    const either = parseCron('0 9 1 * 1');
    expect(either.matches(at('2026-12-01T09:00:00Z'))).toBe(true); // the 1st, a Tuesday
    expect(either.matches(at('2026-12-07T09:00:00Z'))).toBe(true); // a Monday
    expect(either.matches(at('2026-12-08T09:00:00Z'))).toBe(false);
  });

  it('refuses what pg_cron would refuse', () => {
    for (const bad of ['* * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', '5-1 * * * *', 'x * * * *']) {
      expect(() => parseCron(bad), bad).toThrow(CronError);
    }
  });
});

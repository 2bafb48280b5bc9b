import { addDays } from '@/lib/format';
/**
 * The calendar templates the create form offers and the period each one implies. Fixed templates
 * have a fixed number of doors, one a day (the database checks the length and makes the doors);
 * daily, weekly and custom take the dates the member chooses.
 */
export const CALENDAR_TEMPLATES = [
  'advent-24',
  'advent-25',
  'twelve-days',
  'daily',
  'weekly',
  'custom',
] as const;
export type CalendarTemplate = (typeof CALENDAR_TEMPLATES)[number];

export const isCalendarTemplate = (value: string): value is CalendarTemplate =>
  (CALENDAR_TEMPLATES as readonly string[]).includes(value);

/** Templates whose end date follows from the start (or, for advent, both from the year). */
const FIXED_LENGTH: Partial<Record<CalendarTemplate, number>> = {
  'advent-24': 24,
  'advent-25': 25,
  'twelve-days': 12,
};

export const doorCountOf = (template: CalendarTemplate) => FIXED_LENGTH[template] ?? null;

export const isAdvent = (template: CalendarTemplate) => template === 'advent-24' || template === 'advent-25';

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The advent year a member most likely means: this year's December, or next year's once it is past. */
export function adventYear(todayKey: string): number {
  const [year = 0, month = 1, day = 1] = todayKey.split('-').map(Number);
  return month === 12 && day > 24 ? year + 1 : year;
}

/**
 * The period of a template: advent from 1 December of `year`; twelve days from `startsOn`; daily,
 * weekly and custom as given. Null when what the template needs is missing.
 */
export function periodOf(
  template: CalendarTemplate,
  input: { startsOn: string; endsOn: string; year: number },
): { startsOn: string; endsOn: string } | null {
  const length = doorCountOf(template);
  if (isAdvent(template) && length) {
    const startsOn = `${input.year}-12-01`;
    return { startsOn, endsOn: addDays(startsOn, length - 1) };
  }
  if (!input.startsOn) return null;
  if (length) return { startsOn: input.startsOn, endsOn: addDays(input.startsOn, length - 1) };
  if (!input.endsOn) return null;
  return { startsOn: input.startsOn, endsOn: input.endsOn };
}

/** The longest period the database accepts (ends_on - starts_on). */
export const MAX_PERIOD_DAYS = 366;

/**
 * The last Sunday of March and of October of a year: the days Norway changes clock at 02:00 / 03:00.
 */
export function dstDays(year: number): { spring: string; autumn: string } {
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    return last.toISOString().slice(0, 10);
  };
  return { spring: lastSunday(3), autumn: lastSunday(10) };
}

/** A time of day between 02:00 and 02:59 (HH:MM): missing or doubled on a DST day in Oslo. */
export const isDstHour = (time: string) => /^02:[0-5]\d/.test(time);

/** The DST days within a period, when the door time falls in the hour that moves. */
export function dstDaysInPeriod(startsOn: string, endsOn: string, time: string): string[] {
  if (!isDstHour(time) || !startsOn || !endsOn) return [];
  const years = new Set([Number(startsOn.slice(0, 4)), Number(endsOn.slice(0, 4))]);
  return [...years]
    .flatMap((year) => Object.values(dstDays(year)))
    .filter((day) => day >= startsOn && day <= endsOn)
    .sort();
}

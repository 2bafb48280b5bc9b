import { osloDay, osloLongDate, osloTime } from '@/lib/public/oslo-time';
import type { PublicLanguage } from '@/lib/public/public-texts';

/**
 * Calendar arithmetic for the day picker on `YYYY-MM-DD` dates and `YYYY-MM` months: Oslo calendar
 * days, counted in UTC so the visitor's own zone never shifts a day.
 */
const utc = (date: string) => new Date(`${date}T12:00:00Z`);
const pad = (value: number) => String(value).padStart(2, '0');

export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, count: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const moved = new Date(Date.UTC(year, index - 1 + count, 1));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}`;
}

const lastDay = (month: string) => {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 0)).getUTCDate();
};

/** The month's dates and how many blank cells come before the first in a Monday-first week. */
export function monthGrid(month: string): { blanks: number; dates: string[] } {
  const dates = Array.from({ length: lastDay(month) }, (_, index) => `${month}-${pad(index + 1)}`);
  // getUTCDay: Sunday 0; Monday-first blanks are 0–6.
  return { blanks: (utc(`${month}-01`).getUTCDay() + 6) % 7, dates };
}

/** The month's dates the slots are asked for: from today when the month has begun. */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const first = `${month}-01`;
  return { from: first < today ? today : first, to: `${month}-${pad(lastDay(month))}` };
}

/** Today in Oslo, `YYYY-MM-DD`. */
export const osloToday = (now: Date = new Date()) => osloDay(now);

const locale = (language: PublicLanguage) => (language === 'en' ? 'en-GB' : 'nb-NO');

/** «desember 2026». */
export const monthName = (month: string, language: PublicLanguage) =>
  new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utc(`${month}-01`),
  );

/** «fredag 5. desember 2026» for a date. */
export const dayName = (date: string, language: PublicLanguage) => osloLongDate(utc(date), language);

/**
 * The visitor's own clock time of a moment when it differs from Oslo's (a visitor abroad), else null:
 * a visitor in Oslo's zone, or one whose zone shows the same time, sees Oslo's time alone.
 */
export function localTime(moment: string, language: PublicLanguage): string | null {
  const local = new Intl.DateTimeFormat(locale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(moment));
  return local === osloTime(moment, language) ? null : local;
}

/** Whether the visitor's clock differs from Oslo's now or at any of the moments shown. */
export const differsFromOslo = (moments: string[], language: PublicLanguage) =>
  moments.some((moment) => localTime(moment, language) !== null);

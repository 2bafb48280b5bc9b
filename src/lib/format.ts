/**
 * The one place dates, times, money and numbers become text: nb-NO, Europe/Oslo, 24-hour clock,
 * NOK, weeks starting Monday (HOUSE-STYLE §13). Money is stored in øre (integers).
 */
export const LOCALE = 'nb-NO';
export const TIME_ZONE = 'Europe/Oslo';
export const CURRENCY = 'NOK';
/** ISO weekday of the first day of the week: Monday. */
export const WEEK_STARTS_ON = 1;

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const cache = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(options: Intl.DateTimeFormatOptions) {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hourCycle: 'h23', ...options });
    cache.set(key, format);
  }
  return format;
}

/** 24.12.2026 */
export const formatDate = (value: DateInput) =>
  dateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(toDate(value));

/** 24. desember 2026 */
export const formatLongDate = (value: DateInput) =>
  dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(toDate(value));

/** 18:05 */
export const formatTime = (value: DateInput) =>
  dateTimeFormat({ hour: '2-digit', minute: '2-digit' }).format(toDate(value));

/** 24.12.2026, 18:05 */
export const formatDateTime = (value: DateInput) =>
  dateTimeFormat({
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));

const numberFormat = new Intl.NumberFormat(LOCALE);
export const formatNumber = (value: number) => numberFormat.format(value);

const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
/** 1 234,50 kr from 123450 øre. */
export const formatMoney = (amountInOre: number) => moneyFormat.format(amountInOre / 100);

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.34524],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
/** «for 3 timer siden», «i morgen» */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  let amount = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(value);
}

/** Calendar date (YYYY-MM-DD) of an instant as seen in Oslo, whatever the machine's zone. */
export function osloDateKey(value: DateInput): string {
  const parts = dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    toDate(value),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Weekday names in week order, Monday first: man., tir., … */
export function weekdayNames(style: 'long' | 'short' = 'short'): string[] {
  // 2024-01-01 was a Monday; noon UTC is the same date in Oslo.
  return Array.from({ length: 7 }, (_, index) =>
    dateTimeFormat({ weekday: style }).format(new Date(Date.UTC(2024, 0, 1 + index, 12))),
  );
}

/** The instant an Oslo calendar day starts, whatever the machine's zone (DST included). */
export function osloDayStart(dateKey: string): Date {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    return asUtc - Math.floor(instant / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

export function nextDateKey(dateKey: string): string {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The one place dates, times, money and numbers become text: nb-NO, Europe/Oslo, 24-hour clock,
 * NOK, weeks starting Monday; tests run in another time zone to prove it. Money is stored in øre (integers).
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
/** «november 2026»: a calendar month in Oslo (the marketplace owner's sales per month). */
export const formatMonth = (value: DateInput) =>
  dateTimeFormat({ month: 'long', year: 'numeric' }).format(toDate(value));

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
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole Oslo calendar days from `from` to `to` (negative when `to` is earlier). */
function osloDaysBetween(from: DateInput, to: DateInput): number {
  const day = (value: DateInput) => Date.parse(`${osloDateKey(value)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / DAY);
}

/**
 * «nå», «for 5 minutter siden», «om 3 timer» within a day; «i går», «for 3 dager siden» in the week
 * around it (by Oslo calendar days); the date after that. Intl's nb says «for 6 døgn siden», which
 * nobody writes, so the days are our own words.
 */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  const difference = toDate(value).getTime() - toDate(now).getTime();
  if (Math.abs(difference) < MINUTE) return relativeFormat.format(0, 'second');
  if (Math.abs(difference) < HOUR) return relativeFormat.format(Math.round(difference / MINUTE), 'minute');
  if (Math.abs(difference) < DAY) return relativeFormat.format(Math.round(difference / HOUR), 'hour');
  const days = osloDaysBetween(now, value);
  if (Math.abs(days) === 1) return relativeFormat.format(days, 'day');
  if (days > 1 && days < 7) return `om ${days} dager`;
  if (days < -1 && days > -7) return `for ${-days} dager siden`;
  return formatDate(value);
}

/**
 * The last whole Oslo day before an end instant, «24.12.2026»: a listing that ends when 25.12 begins
 * is open «til og med 24.12» (the end is exclusive, so it is stored as the next day's start).
 */
export const formatLastDay = (end: DateInput) => formatDate(toDate(end).getTime() - 1);

/** Country codes of one or two digits (ITU E.164); the rest have three. */
const SHORT_COUNTRY_CODE = /^(1|7|2[07]|3[0-469]|4[0-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** Groups of three from the left; a last lone digit joins the group before it. */
function groupsOfThree(digits: string): string {
  const groups = digits.match(/\d{1,3}/g) ?? [];
  const last = groups.at(-1);
  if (groups.length > 1 && last?.length === 1) groups.splice(-2, 2, `${groups.at(-2) ?? ''}${last}`);
  return groups.join(' ');
}

/**
 * One way to write a phone number everywhere: «+47 912 34 567» (a Norwegian mobile or service number, 4, 8
 * or 9 first, in 3-2-3), «+47 22 33 44 55» (other Norwegian numbers in pairs), «+46 701 234 567» (other countries:
 * the country code, then threes). A number that is none of these is shown as it was written.
 */
export function formatPhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/[\s().-]/g, '').replace(/^00/, '+');
  const norwegian = /^(?:\+47)?(\d{8})$/.exec(digits)?.[1];
  if (norwegian) {
    const groups = /^[489]/.test(norwegian)
      ? [norwegian.slice(0, 3), norwegian.slice(3, 5), norwegian.slice(5)]
      : (norwegian.match(/\d{2}/g) ?? []);
    return `+47 ${groups.join(' ')}`;
  }
  const international = /^\+(\d{7,15})$/.exec(digits)?.[1];
  if (!international) return trimmed;
  const codeLength = SHORT_COUNTRY_CODE.exec(international)?.[0].length ?? 3;
  return `+${international.slice(0, codeLength)} ${groupsOfThree(international.slice(codeLength))}`;
}

/** The number a tel: link dials: digits and a leading +, no spaces. */
export function phoneHref(value: string): string {
  const digits = value.replace(/[^\d+]/g, '').replace(/^00/, '+');
  return `tel:${/^\d{8}$/.test(digits) ? `+47${digits}` : digits}`;
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
  return addDays(dateKey, 1);
}

/** A `yyyy-mm-dd` key moved by whole days, negative for back (calendar arithmetic, no time zone involved). */
export function addDays(dateKey: string, days: number): string {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

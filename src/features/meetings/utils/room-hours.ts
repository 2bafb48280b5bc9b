import type { Json } from '@/lib/database.types';
import { addDays, formatTime, osloDateKey, osloDayStart } from '@/lib/format';

/** A room's hours on one ISO weekday (1 Monday … 7 Sunday), Oslo wall-clock `HH:mm`; `closes` may be 24:00. */
export type DayHours = { opens: string; closes: string };
export type OpeningHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', DayHours>>;

export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The opening hours column as its shape (the database checks it: a missing day is closed). */
export function openingHoursOf(value: Json): OpeningHours {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** The ISO weekday of a `yyyy-mm-dd` key (calendar arithmetic, no time zone involved). */
export function isoWeekday(dateKey: string): Weekday {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return String(sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** The Monday of the week a date key lies in (weeks start on Monday). */
export function weekStart(dateKey: string): string {
  return addDays(dateKey, 1 - Number(isoWeekday(dateKey)));
}

/** The instants an Oslo day range [fromKey, fromKey + days) starts and ends, as ISO strings. */
export function osloRange(fromKey: string, days: number): { from: string; to: string } {
  return {
    from: osloDayStart(fromKey).toISOString(),
    to: osloDayStart(addDays(fromKey, days)).toISOString(),
  };
}

/**
 * Whether [start, end) lies inside one day's opening hours in Oslo, as the database's trigger checks
 * (meeting-room-closed): an end at the next midnight is that day's 24:00.
 */
export function isOpenDuring(hours: OpeningHours, start: Date, end: Date): boolean {
  const dateKey = osloDateKey(start);
  const day = hours[isoWeekday(dateKey)];
  if (!day || end <= start) return false;
  const endKey = osloDateKey(end);
  const endTime = endKey === dateKey ? formatTime(end) : endKey === addDays(dateKey, 1) ? '24:00' : null;
  if (endTime === null || (endTime === '24:00' && formatTime(end) !== '00:00')) return false;
  return formatTime(start) >= day.opens && endTime <= day.closes;
}

/** Whether the room is open at an instant: inside that Oslo day's hours (`closes` itself is closed). */
export function isOpenAt(hours: OpeningHours, instant: Date): boolean {
  const day = hours[isoWeekday(osloDateKey(instant))];
  const time = formatTime(instant);
  return day !== undefined && time >= day.opens && time < day.closes;
}

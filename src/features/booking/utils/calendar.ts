import { addDays, formatTime, osloDateKey, osloDayStart } from '@/lib/format';

export type CalendarView = 'day' | 'week';

/** Monday of the ISO week a `yyyy-mm-dd` key falls in (calendar arithmetic, no time zone involved). */
export function mondayOf(dateKey: string): string {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return addDays(dateKey, -weekday);
}

/** The ISO week number of a date key (the week of its Thursday). */
export function isoWeek(dateKey: string): number {
  const thursday = addDays(mondayOf(dateKey), 3);
  const [year = 0, month = 1, day = 1] = thursday.split('-').map(Number);
  const start = Date.UTC(year, 0, 1);
  return Math.floor((Date.UTC(year, month - 1, day) - start) / 86_400_000 / 7) + 1;
}

/** The Oslo days a view shows: the anchor's day, or its week Monday first. */
export function daysOf(view: CalendarView, anchor: string): string[] {
  if (view === 'day') return [anchor];
  const monday = mondayOf(anchor);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The instants the view's days cover, for the bookings' query. */
export function rangeOfDays(days: readonly string[]): { from: string; to: string } {
  return {
    from: osloDayStart(days[0] ?? '').toISOString(),
    to: osloDayStart(addDays(days[days.length - 1] ?? '', 1)).toISOString(),
  };
}

/** Minutes since Oslo midnight on the clock (wall-clock time, so a DST day reads as any other). */
export function wallMinutes(instant: string): number {
  const [hours = 0, minutes = 0] = formatTime(instant).split(':').map(Number);
  return hours * 60 + minutes;
}

/** «HH:MM[:SS]» as minutes. */
export const clockMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** A booking placed on the grid: its day, and where it starts and ends on the clock. */
export function placeOf(booking: { start: string; end: string }) {
  const day = osloDateKey(booking.start);
  const start = wallMinutes(booking.start);
  // Ending on another day (past midnight) runs to the end of the day.
  const end = osloDateKey(booking.end) === day ? wallMinutes(booking.end) : 24 * 60;
  return { day, start, end: Math.max(end, start + 15) };
}

/**
 * The hours the grid shows: the staff's opening hours and every booking shown, widened to whole
 * hours; 08–16 when there is nothing to go by.
 */
export function hoursShown(
  spans: readonly { starts_at: string; ends_at: string }[],
  placed: readonly { start: number; end: number }[],
): { first: number; last: number } {
  const starts = [...spans.map((span) => clockMinutes(span.starts_at)), ...placed.map((p) => p.start)];
  const ends = [...spans.map((span) => clockMinutes(span.ends_at)), ...placed.map((p) => p.end)];
  if (starts.length === 0) return { first: 8, last: 16 };
  return { first: Math.floor(Math.min(...starts) / 60), last: Math.ceil(Math.max(...ends) / 60) };
}

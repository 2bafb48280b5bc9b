/** A booking solution's reminder times (`booking_solutions.reminder_minutes`): the table's checks. */
export const MAX_REMINDERS = 4;
export const MIN_REMINDER_MINUTES = 15;
export const MAX_REMINDER_MINUTES = 14 * 24 * 60;

export type ReminderUnit = 'minutes' | 'hours' | 'days';
const UNIT_MINUTES: Record<ReminderUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** A reminder time in its largest whole unit: 1440 → 1 day, 120 → 2 hours, 90 → 90 minutes. */
export function reminderParts(minutes: number): { count: number; unit: ReminderUnit } {
  if (minutes % 1440 === 0 && minutes !== 1440) return { count: minutes / 1440, unit: 'days' };
  if (minutes % 60 === 0) return { count: minutes / 60, unit: 'hours' };
  return { count: minutes, unit: 'minutes' };
}

export type ReminderError = 'number' | 'range' | 'duplicate' | 'tooMany';

/**
 * A new reminder time as typed (a whole number and its unit) added to the current ones, latest first;
 * or why not, as a key under `setup.reminders.errors`.
 */
export function addReminder(
  current: readonly number[],
  typed: string,
  unit: ReminderUnit,
): { minutes: number[] } | { error: ReminderError } {
  if (!/^\d{1,5}$/.test(typed.trim())) return { error: 'number' };
  const minutes = Number(typed.trim()) * UNIT_MINUTES[unit];
  if (minutes < MIN_REMINDER_MINUTES || minutes > MAX_REMINDER_MINUTES) return { error: 'range' };
  if (current.includes(minutes)) return { error: 'duplicate' };
  if (current.length >= MAX_REMINDERS) return { error: 'tooMany' };
  return { minutes: [...current, minutes].sort((a, b) => b - a) };
}

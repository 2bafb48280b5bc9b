import { formatDate, osloDayStart } from '@/lib/format';

/**
 * What people type into a date or time field, read the Norwegian way. The values the rest of the code
 * sees are the native inputs' (`yyyy-mm-dd`, `HH:mm`), so a field can be swapped without its form
 * changing; only the text shown is Norwegian (`dd.mm.yyyy`, 24-hour).
 */

const pad = (value: number) => String(value).padStart(2, '0');

function dateKey(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1000 ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/**
 * `yyyy-mm-dd` from «24.12.2026», «24.12.2026», «24/12/2026», «24-12-2026», «24122026» or a pasted
 * «2026-12-24»; null for anything else, including days that do not exist (31.11). The year is always
 * four digits: a two-digit year would be taken for a date while the user is still typing it.
 */
export function parseDateText(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return dateKey(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts =
    /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  return parts ? dateKey(Number(parts[3]), Number(parts[2]), Number(parts[1])) : null;
}

/** «24.12.2026» from `2026-12-24`; empty for an empty value. */
export const dateKeyText = (key: string) => (key ? formatDate(osloDayStart(key)) : '');

/**
 * `HH:mm` from «9», «09», «930», «0930», «9.30», «09:30» or «09,30»; null for anything else. The clock
 * is 24-hour: «12» is noon, and there is no AM/PM.
 */
export function parseTimeText(text: string): string | null {
  const trimmed = text.trim();
  const parts = /^(\d{1,2})(?:[.:,](\d{2}))?$/.exec(trimmed) ?? /^(\d{1,2})(\d{2})$/.exec(trimmed);
  if (!parts) return null;
  const hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? 0);
  return hours < 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}

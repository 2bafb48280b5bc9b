/**
 * `YYYY-MM-DD` plus `days` (negative: back), by the calendar alone. Kept here rather than taken from
 * src/lib/format's addDays: the public participation page would load the app's formatters (1.3 KiB
 * gzip) or a chunk of its own for these four lines.
 */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An amount as a person types it: «12,5», «12.5», «1 200» → a number; null when it is not a plain
 * positive-or-zero decimal with at most three decimals (what the database stores).
 */
export function parseAmount(text: string): number | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(plain)) return null;
  return Number(plain);
}

/**
 * The days a person may log for, newest first: today (Oslo) back to two weeks ago, within the
 * competition's period.
 */
export function loggableDays(today: string, startsOn: string, endsOn: string, count = 14): string[] {
  const days: string[] = [];
  const last = today < endsOn ? today : endsOn;
  for (let day = last; day >= startsOn && days.length < count; day = addDays(day, -1)) days.push(day);
  return days;
}

/**
 * Norwegian public holidays (helligdager) by Oslo date, from `date-holidays`: the fixed ones (1. og
 * 17. mai, jul, nyttår) and the moving feasts around Easter (skjærtorsdag to 2. påskedag, Kristi
 * himmelfartsdag, 1. og 2. pinsedag). Only type `public`: observances such as julaften are not days off.
 */
// Pinned here, not in deps.ts: only the booking function loads every country's holiday data.
import Holidays from 'npm:date-holidays@3.37.0';

const norway = new Holidays('NO');
const byYear = new Map<number, Set<string>>();

function publicHolidays(year: number): Set<string> {
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(
      norway
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

/** Whether an Oslo date «YYYY-MM-DD» is a Norwegian public holiday. */
export function isNorwegianHoliday(date: string): boolean {
  return publicHolidays(Number(date.slice(0, 4))).has(date);
}

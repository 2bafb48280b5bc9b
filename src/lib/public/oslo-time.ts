import type { PublicLanguage } from './public-texts';

/**
 * Campaign moments are Oslo wall-clock times: every date and time on the public pages is shown in
 * Europe/Oslo whatever the visitor's own zone is, in 24-hour time.
 */
const ZONE = 'Europe/Oslo';

const localeOf = (language: PublicLanguage) => (language === 'en' ? 'en-GB' : 'nb-NO');

const formats = new Map<string, Intl.DateTimeFormat>();
function format(
  language: PublicLanguage,
  kind: 'date' | 'time' | 'day' | 'iso' | 'moment',
): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let formatter = formats.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { day: 'numeric', month: 'long' }
        : kind === 'moment'
          ? { dateStyle: 'long', timeStyle: 'medium', hourCycle: 'h23' }
          : kind === 'day'
            ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
            : kind === 'time'
              ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
              : { year: 'numeric', month: '2-digit', day: '2-digit' };
    // en-CA writes dates as YYYY-MM-DD, the form the database's dates have.
    formatter = new Intl.DateTimeFormat(kind === 'iso' ? 'en-CA' : localeOf(language), {
      ...options,
      timeZone: ZONE,
    });
    formats.set(key, formatter);
  }
  return formatter;
}

const toDate = (moment: string | Date) => (typeof moment === 'string' ? new Date(moment) : moment);

/** «5. desember» / «5 December», in Oslo. */
export const osloDate = (moment: string | Date, language: PublicLanguage) =>
  format(language, 'date').format(toDate(moment));

/** «08:00», in Oslo, 24-hour. */
export const osloTime = (moment: string | Date, language: PublicLanguage) =>
  format(language, 'time').format(toDate(moment));

/** «5. desember 2026 kl. 08:00:07» / «5 December 2026 at 08:00:07»: a moment to the second, in Oslo. */
export const osloMoment = (moment: string | Date, language: PublicLanguage) =>
  format(language, 'moment').format(toDate(moment));

/** «fredag 5. desember 2026». */
export const osloLongDate = (moment: string | Date, language: PublicLanguage) =>
  format(language, 'day').format(toDate(moment));

/**
 * The Oslo calendar date of a moment, `YYYY-MM-DD`: lib/format's osloDateKey, written again because
 * importing lib/format puts its whole chunk (1.2 KiB gzip) on every public page.
 */
export const osloDay = (moment: string | Date) => format('nb', 'iso').format(toDate(moment));

export type CountdownParts = { days: number; hours: string; minutes: string; seconds: string };

/** Time left to a moment, cut at zero; hours, minutes and seconds two digits. */
export function countdownParts(target: string | Date, now: Date): CountdownParts {
  const left = Math.max(0, Math.floor((toDate(target).getTime() - now.getTime()) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    days: Math.floor(left / 86_400),
    hours: pad(Math.floor((left % 86_400) / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
  };
}

/**
 * Addresses of the public calendar pages. `?lang=en` travels along, so a visitor who came in English
 * stays in English.
 */
const withLanguage = (path: string, search: string) =>
  new URLSearchParams(search).get('lang') === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path;

export const calendarPath = (id: string, search = '') =>
  withLanguage(`/calendar/${encodeURIComponent(id)}`, search);

export const doorPath = (id: string, day: number, search = '') =>
  withLanguage(`/calendar/${encodeURIComponent(id)}/${day}`, search);

export const countdownPath = (id: string, search = '') =>
  withLanguage(`/calendar/countdown?id=${encodeURIComponent(id)}`, search);

/** `/calendar/<id>` or `/calendar/<id>/<day>` → its parts; the day is the door's number. */
export function hostedPathParts(pathname: string): { id: string; day: number | null } | null {
  const match = /^\/calendar\/([^/]+)(?:\/(\d{1,3}))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  return { id: decodeURIComponent(match[1]), day: match[2] ? Number(match[2]) : null };
}

const DETAILS_KEY = 'leadtorget.calendar.details';
export type RememberedDetails = { email?: string; name?: string; phone?: string };

/** The e-mail, name and phone typed in this visit, so the next door's form is filled in (sessionStorage only). */
export function rememberedDetails(): RememberedDetails {
  try {
    return JSON.parse(sessionStorage.getItem(DETAILS_KEY) ?? '{}') as RememberedDetails;
  } catch {
    return {};
  }
}

export function rememberDetails(details: RememberedDetails) {
  try {
    sessionStorage.setItem(DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage refused (private mode, a blocked iframe): the next form is simply empty.
  }
}

import { withLanguage } from '@/lib/public/public-links';

/** Addresses of the public calendar pages, the visitor's language carried along. */

export const calendarPath = (id: string, search = '') =>
  withLanguage(`/calendar/${encodeURIComponent(id)}`, search);

export const doorPath = (id: string, day: number, search = '') =>
  withLanguage(`/calendar/${encodeURIComponent(id)}/${day}`, search);

export const countdownPath = (id: string, search = '') =>
  withLanguage(`/calendar/countdown?id=${encodeURIComponent(id)}`, search);

/** The draws' verification page. */
export const drawsPath = (id: string, search = '') =>
  withLanguage(`/calendar/draws?id=${encodeURIComponent(id)}`, search);

/** `/calendar/<id>` or `/calendar/<id>/<day>` → its parts; the day is the door's number. */
export function hostedPathParts(pathname: string): { id: string; day: number | null } | null {
  const match = /^\/calendar\/([^/]+)(?:\/(\d{1,3}))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  return { id: decodeURIComponent(match[1]), day: match[2] ? Number(match[2]) : null };
}

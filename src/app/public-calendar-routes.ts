/**
 * The calendars' public pages start the lean public entry (src/app/start-calendar.tsx): no router,
 * auth client, i18next or supabase-js. The signed-in app keeps `/calendar/list`, `/calendar/add`,
 * `/calendar/:id/edit` and `/calendar/:id/preview`. The entry reads this on every page, so it is a
 * few lines of path matching and the pages' lazy imports.
 */
export type PublicCalendarRoute = {
  name: 'calendar' | 'calendar-day' | 'calendar-iframe' | 'calendar-countdown' | 'calendar-participation';
  load: () => Promise<{ default: () => React.ReactNode }>;
};

const pages: Record<string, PublicCalendarRoute> = {
  iframe: { name: 'calendar-iframe', load: () => import('@/features/calendars/routes/calendar-iframe') },
  countdown: {
    name: 'calendar-countdown',
    load: () => import('@/features/calendars/routes/calendar-countdown'),
  },
  participation: {
    name: 'calendar-participation',
    load: () => import('@/features/calendars/routes/calendar-participation'),
  },
};
const calendar: PublicCalendarRoute = {
  name: 'calendar',
  load: () => import('@/features/calendars/routes/calendar'),
};
const door: PublicCalendarRoute = {
  name: 'calendar-day',
  load: () => import('@/features/calendars/routes/calendar-day'),
};

/** The signed-in app's pages under /calendar/. */
const APP_PAGES = new Set(['list', 'add']);

export function findPublicCalendarRoute(pathname: string): PublicCalendarRoute | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'calendar' || !parts[1]) return undefined;
  if (parts.length === 2) return pages[parts[1]] ?? (APP_PAGES.has(parts[1]) ? undefined : calendar);
  // `/calendar/:id/:dayId`, the day a door number; `/calendar/:id/edit` and `/preview` are the app's.
  if (parts.length === 3 && /^\d{1,3}$/.test(parts[2] ?? '')) return door;
  return undefined;
}

import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in calendar screens: the organization's list, one calendar's editor, its draws and figures. */
export const calendarKeys = {
  all: keyRoots.calendars,
  lists: (organizationId: string) => [...keyRoots.calendars, 'list', organizationId] as const,
  calendar: (calendarId: string) => [...keyRoots.calendars, 'calendar', calendarId] as const,
  draws: (calendarId: string) => [...calendarKeys.calendar(calendarId), 'draws'] as const,
  statistics: (calendarId: string) => [...calendarKeys.calendar(calendarId), 'statistics'] as const,
};

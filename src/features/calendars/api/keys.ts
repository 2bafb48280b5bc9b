import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in calendar screens: the organization's list, one calendar's editor and its figures (its prizes and draws are the campaign's: src/lib/campaign/api). */
export const calendarKeys = {
  all: keyRoots.calendars,
  lists: (organizationId: string) => [...keyRoots.calendars, 'list', organizationId] as const,
  calendar: (calendarId: string) => [...keyRoots.calendars, 'calendar', calendarId] as const,
  statistics: (calendarId: string) => [...calendarKeys.calendar(calendarId), 'statistics'] as const,
};

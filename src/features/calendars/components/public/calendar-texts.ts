import { areaTexts } from '@/lib/public/area-texts';
import type { PublicTexts } from '@/lib/public/public-texts';
import nbCalendarErrors from '@/locales/nb/calendar-errors.json';
import nbPublicCalendar from '@/locales/nb/calendars-public.json';

/**
 * The public calendar's strings: `calendars-public` and the calendar error catalogue
 * (`calendar-errors`) over the shared public texts. Norwegian is bundled; English loads only for
 * `?lang=en`. The editor's preview renders the same components and gets Norwegian.
 */
export type CalendarTexts = PublicTexts;

const texts = areaTexts({
  norwegian: [nbPublicCalendar, nbCalendarErrors],
  english: () =>
    Promise.all([
      import('@/locales/en/calendars-public.json'),
      import('@/locales/en/calendar-errors.json'),
    ]).then((modules) => modules.map((module) => module.default)),
  backKey: 'door.back',
});

/** The area's texts for the public entry (src/app/public-routes.ts), which adds the shared ones. */
export const calendarMessages = texts.messages;
export const norwegianTexts: CalendarTexts = texts.norwegianTexts;
export const useCalendarTexts = texts.useTexts;

// The calendar's components take the shared one from here, beside their texts.
export { failureText } from '@/lib/public/public-texts';

/** What the shared PageStatus says in the calendar's words. */
export const useStatusTexts = texts.useStatusTexts;

/** «5. desember kl. 08:00». */
export const useWhen = texts.useWhen;

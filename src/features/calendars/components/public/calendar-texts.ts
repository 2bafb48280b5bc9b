import { osloDate as osloDateText, osloTime as osloTimeText } from '@/lib/public/oslo-time';
import {
  createTranslate,
  failureText,
  type Messages,
  mergeMessages,
  norwegianSharedMessages,
  type PublicLanguage,
  type PublicTexts,
  usePublicTexts,
} from '@/lib/public/public-texts';
import nbCalendarErrors from '@/locales/nb/calendar-errors.json';
import nbPublicCalendar from '@/locales/nb/calendars-public.json';

/**
 * The public calendar's strings: `calendars-public` and the calendar error catalogue
 * (`calendar-errors`) over the shared public texts. Norwegian is bundled; English loads only for
 * `?lang=en`. The editor's preview renders the same components and gets Norwegian.
 */
export type CalendarTexts = PublicTexts;

/** The area's texts for the public entry (src/app/public-routes.ts), which adds the shared ones. */
export async function calendarMessages(language: PublicLanguage): Promise<Messages> {
  if (language === 'nb') return mergeMessages(nbPublicCalendar, nbCalendarErrors);
  const [publicCalendar, calendarErrors] = await Promise.all([
    import('@/locales/en/calendars-public.json'),
    import('@/locales/en/calendar-errors.json'),
  ]);
  return mergeMessages(publicCalendar.default, calendarErrors.default);
}

export const norwegianTexts: CalendarTexts = {
  t: createTranslate<Messages>(
    mergeMessages(norwegianSharedMessages, nbPublicCalendar, nbCalendarErrors),
    'nb',
  ),
  language: 'nb',
};

export const useCalendarTexts = () => usePublicTexts(norwegianTexts);

// The calendar's components take the shared one from here, beside their texts.
export { failureText } from '@/lib/public/public-texts';

/** What the shared PageStatus says in the calendar's words. */
export function useStatusTexts() {
  const { t } = useCalendarTexts();
  return {
    loadingText: t('loading'),
    describe: (code: string) => failureText(t, code),
    backText: t('door.back'),
  };
}

/** «5. desember kl. 08:00». */
export function useWhen() {
  const { t, language } = useCalendarTexts();
  return (moment: string | Date) =>
    t('when', { date: osloDateText(moment, language), time: osloTimeText(moment, language) });
}

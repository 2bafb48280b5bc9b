import { createContext, useContext } from 'react';
import { createTranslate, type Messages, type Translate } from '@/lib/public/public-texts';
import nbCalendarErrors from '@/locales/nb/calendar-errors.json';
import nbPublic from '@/locales/nb/calendars-public.json';
import {
  type PublicLanguage,
  osloDate as osloDateText,
  osloTime as osloTimeText,
} from '../../utils/oslo-time';

/**
 * The public calendar's strings without i18next: the `calendars-public` namespace plus the calendar
 * error catalogue (`calendar-errors`), through the public entry's small translator. Norwegian is
 * bundled; English loads only for `?lang=en`. The editor's preview renders the same components and
 * gets Norwegian by default.
 */
export type CalendarTexts = { t: Translate; language: PublicLanguage };

const textsOf = (
  publicMessages: Messages,
  calendarErrors: { errors: Messages },
  language: PublicLanguage,
) => ({
  t: createTranslate({ ...publicMessages, errors: calendarErrors.errors }),
  language,
});

export const norwegianTexts: CalendarTexts = textsOf(nbPublic, nbCalendarErrors, 'nb');

export async function loadCalendarTexts(language: PublicLanguage): Promise<CalendarTexts> {
  if (language === 'nb') return norwegianTexts;
  const [publicMessages, calendarErrors] = await Promise.all([
    import('@/locales/en/calendars-public.json'),
    import('@/locales/en/calendar-errors.json'),
  ]);
  return textsOf(publicMessages.default, calendarErrors.default, 'en');
}

const TextsContext = createContext<CalendarTexts>(norwegianTexts);

export const CalendarTextsProvider = TextsContext.Provider;

export const useCalendarTexts = () => useContext(TextsContext);

/** A failed call's message: the calendar catalogue for its codes and the engine's, a general line otherwise. */
export function failureText(t: Translate, code: string): string {
  if (/^(calendar|campaign|participant)-/.test(code)) {
    const text = t(`errors.${code}`);
    if (text !== `errors.${code}`) return text;
  }
  const general = t(`failures.${code}`);
  return general === `failures.${code}` ? t('failures.unknown') : general;
}

/** «5. desember kl. 08:00». */
export function useWhen() {
  const { t, language } = useCalendarTexts();
  return (moment: string | Date) =>
    t('when', { date: osloDateText(moment, language), time: osloTimeText(moment, language) });
}

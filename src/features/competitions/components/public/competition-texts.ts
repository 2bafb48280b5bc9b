import { osloDate, osloTime } from '@/lib/public/oslo-time';
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
import nbCompetitionErrors from '@/locales/nb/competition-errors.json';
import nbPublicCompetition from '@/locales/nb/competitions-public.json';

/**
 * The competitions' public strings: `competitions-public` and the competition error catalogue
 * (`competition-errors`) over the shared public texts, without i18next. Norwegian is bundled; English
 * loads only for `?lang=en`. The signed-in preview and participation page render the same components
 * and get Norwegian.
 */
export type CompetitionTexts = PublicTexts;

/** The area's texts for the public entry (src/app/public-routes.ts), which adds the shared ones. */
export async function competitionMessages(language: PublicLanguage): Promise<Messages> {
  if (language === 'nb') return mergeMessages(nbPublicCompetition, nbCompetitionErrors);
  const [publicCompetition, competitionErrors] = await Promise.all([
    import('@/locales/en/competitions-public.json'),
    import('@/locales/en/competition-errors.json'),
  ]);
  return mergeMessages(publicCompetition.default, competitionErrors.default);
}

export const norwegianTexts: CompetitionTexts = {
  t: createTranslate<Messages>(
    mergeMessages(norwegianSharedMessages, nbPublicCompetition, nbCompetitionErrors),
    'nb',
  ),
  language: 'nb',
};

export const useCompetitionTexts = () => usePublicTexts(norwegianTexts);

export { failureText } from '@/lib/public/public-texts';

/** What the shared PageStatus says in the competition's words. */
export function useStatusTexts() {
  const { t } = useCompetitionTexts();
  return {
    loadingText: t('loading'),
    describe: (code: string) => failureText(t, code),
    backText: t('back'),
  };
}

/** «5. desember kl. 08:00». */
export function useWhen() {
  const { t, language } = useCompetitionTexts();
  return (moment: string | Date) =>
    t('when', { date: osloDate(moment, language), time: osloTime(moment, language) });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** «1 234,5» in Norwegian, «1,234.5» in English: at most one decimal, as the reads give percent. */
export function formatNumber(value: number, language: PublicLanguage, decimals = 1): string {
  const key = `${language}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nb-NO', {
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** «1 234 km»: an amount in the competition's unit. */
export function useAmount() {
  const { t, language } = useCompetitionTexts();
  return (amount: number, unit: string) => t('amount', { amount: formatNumber(amount, language), unit });
}

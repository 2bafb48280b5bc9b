import { areaTexts } from '@/lib/public/area-texts';
import type { PublicLanguage, PublicTexts } from '@/lib/public/public-texts';
import nbCompetitionErrors from '@/locales/nb/competition-errors.json';
import nbPublicCompetition from '@/locales/nb/competitions-public.json';

/**
 * The competition kit's strings (the amount, the bar, the way back): `competitions-public` and the
 * competition error catalogue (`competition-errors`) over the shared public texts, without i18next.
 * The pages' own strings are in page-texts.ts, so the participation page, which shares only the kit,
 * does not load them. Norwegian is bundled; English loads only for `?lang=en`. The signed-in preview
 * and the tests render the same components and get Norwegian.
 */
export type CompetitionTexts = PublicTexts;

const texts = areaTexts({
  norwegian: [nbPublicCompetition, nbCompetitionErrors],
  english: () =>
    Promise.all([
      import('@/locales/en/competitions-public.json'),
      import('@/locales/en/competition-errors.json'),
    ]).then((modules) => modules.map((module) => module.default)),
  backKey: 'back',
});

export const norwegianTexts: CompetitionTexts = texts.norwegianTexts;
export const useCompetitionTexts = texts.useTexts;

export { failureText } from '@/lib/public/public-texts';

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

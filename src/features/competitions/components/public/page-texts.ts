import { areaTexts } from '@/lib/public/area-texts';
import nbCompetitionErrors from '@/locales/nb/competition-errors.json';
import nbCompetitionPages from '@/locales/nb/competitions-pages.json';
import nbPublicCompetition from '@/locales/nb/competitions-public.json';
import { formatNumber } from './competition-texts';

export { failureText } from '@/lib/public/public-texts';
export { formatNumber };

/**
 * The competition pages' strings (intro, teams, team, join, countdown, iframe): `competitions-pages`
 * over the kit's `competitions-public` and the error catalogue, over the shared public texts. Kept
 * out of the kit (competition-texts.ts) so that the participation page, which needs only the kit's
 * few strings, does not download the pages' ones. Norwegian is bundled; English loads for `?lang=en`.
 * The signed-in preview and the tests render without the public entry and get Norwegian.
 */
const texts = areaTexts({
  norwegian: [nbPublicCompetition, nbCompetitionPages, nbCompetitionErrors],
  english: () =>
    Promise.all([
      import('@/locales/en/competitions-public.json'),
      import('@/locales/en/competitions-pages.json'),
      import('@/locales/en/competition-errors.json'),
    ]).then((modules) => modules.map((module) => module.default)),
  backKey: 'back',
});

/** The pages' texts for their registry entries (src/app/public-routes.ts), which add the shared ones. */
export const competitionPageMessages = texts.messages;
export const useCompetitionTexts = texts.useTexts;
export const useStatusTexts = texts.useStatusTexts;
export const useWhen = texts.useWhen;

/** «1 234 km»: an amount in the competition's unit. */
export function useAmount() {
  const { t, language } = useCompetitionTexts();
  return (amount: number, unit: string) => t('amount', { amount: formatNumber(amount, language), unit });
}

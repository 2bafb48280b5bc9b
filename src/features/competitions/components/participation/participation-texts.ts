import {
  createTranslate,
  type Messages,
  mergeMessages,
  norwegianSharedMessages,
  type PublicLanguage,
  type PublicTexts,
  usePublicTexts,
} from '@/lib/public/public-texts';
import nbCompetitionErrors from '@/locales/nb/competition-errors.json';
import nbPublicCompetition from '@/locales/nb/competitions-public.json';
import { competitionMessages } from '../public/competition-texts';
import nbOwn from './locales/nb.json';

/*
 * The competition participation page's own texts (`me.*`, beside it in `locales/`), over the
 * competitions' public texts and the catalogue. The engine's participation texts come with the part
 * that uses them (person-part.tsx), the captain's with their tools (captain-texts.ts). Norwegian is
 * bundled; English loads for `?lang=en`.
 */

/** The area's texts for this page's registry entry (src/app/public-routes.ts). */
export async function competitionParticipationMessages(language: PublicLanguage): Promise<Messages> {
  const own = language === 'nb' ? nbOwn : import('./locales/en.json').then((m) => m.default);
  const [area, texts] = await Promise.all([competitionMessages(language), own]);
  return mergeMessages(area, texts);
}

/** Outside the public entry (tests, the signed-in app): every text the page needs, in Norwegian. */
const norwegian: PublicTexts = {
  t: createTranslate<Messages>(
    mergeMessages(norwegianSharedMessages, nbPublicCompetition, nbCompetitionErrors, nbOwn),
    'nb',
  ),
  language: 'nb',
};

export const useMeTexts = () => usePublicTexts(norwegian);

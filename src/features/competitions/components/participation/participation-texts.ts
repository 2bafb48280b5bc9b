import { areaTexts } from '@/lib/public/area-texts';
import nbCompetitionErrors from '@/locales/nb/competition-errors.json';
import nbPublicCompetition from '@/locales/nb/competitions-public.json';
import nbOwn from './locales/nb.json';

/*
 * The competition participation page's own texts (`me.*`, beside it in `locales/`), over the
 * competitions' public texts and the catalogue. The engine's participation texts come with the part
 * that uses them (person-part.tsx), the captain's with their tools (captain-texts.ts). Norwegian is
 * bundled; English loads for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbPublicCompetition, nbCompetitionErrors, nbOwn],
  english: () =>
    Promise.all([
      import('@/locales/en/competitions-public.json'),
      import('@/locales/en/competition-errors.json'),
      import('./locales/en.json'),
    ]).then((modules) => modules.map((module) => module.default)),
  backKey: 'back',
});

/** The page's texts for its registry entry (src/app/public-routes.ts), which adds the shared ones. */
export const competitionParticipationMessages = texts.messages;

/** Outside the public entry (tests, the signed-in app) the same, in Norwegian. */
export const useMeTexts = texts.useTexts;

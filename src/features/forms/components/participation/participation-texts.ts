import { areaTexts } from '@/lib/public/area-texts';
import nbOwn from './locales/nb.json';

/*
 * The respondent's page's own texts (beside it in `locales/`), apart from the public form's: the page
 * shows no form, so it carries none of the form's texts or its logic engine. The engine's
 * participation texts are added by its registry entry (src/app/public-routes.ts). Norwegian is
 * bundled; English loads for `?lang=en`.
 */
const texts = areaTexts({
  norwegian: [nbOwn],
  english: () => import('./locales/en.json').then((module) => [module.default]),
  backKey: 'participation.toForm',
});

/** The page's texts for its registry entry, which adds the shared and the engine's ones. */
export const formParticipationMessages = texts.messages;

export const useFormParticipationTexts = texts.useTexts;

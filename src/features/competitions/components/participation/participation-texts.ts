import { useMemo } from 'react';
import { areaTexts } from '@/lib/public/area-texts';
import { createTranslate, type Messages, type Translate } from '@/lib/public/public-texts';
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

/**
 * A lazily loaded part's own texts over the page's (the captain's tools, the photo field): both
 * languages ride with the part, so the page's texts stay small; every other key is the page's.
 */
export function useTextsOver(nb: Messages, en: Messages): { t: Translate; language: 'nb' | 'en' } {
  const { t: page, language } = useMeTexts();
  return useMemo(() => {
    const own = createTranslate<Messages>(language === 'en' ? en : nb, language);
    const t = Object.assign(
      (key: string, values?: Record<string, string | number>) =>
        own.has(key) ? own(key, values) : page(key, values),
      { has: (key: string) => own.has(key) || page.has(key) },
    );
    return { t, language };
  }, [page, language, nb, en]);
}

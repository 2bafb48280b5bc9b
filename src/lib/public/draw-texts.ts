import nbDraws from './locales/draws/nb.json';
import { createTranslate, type Messages, type PublicLanguage, type Translate } from './public-texts';

/**
 * The draw records' texts (`locales/draws/`), apart from the shared `public` namespace and from the app's
 * `src/locales` (whose every file the signed-in entry lists) so that only a page
 * that shows draws carries them: Norwegian bundled with it, English loaded for `?lang=en`.
 */
export async function drawTexts(language: PublicLanguage): Promise<Translate> {
  if (language === 'nb') return norwegianDrawTexts;
  const { default: english } = await import('./locales/draws/en.json');
  return createTranslate<Messages>(english, 'en');
}

export const norwegianDrawTexts: Translate = createTranslate<Messages>(nbDraws, 'nb');

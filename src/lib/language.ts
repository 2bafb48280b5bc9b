/**
 * The interface languages and the visitor's stored choice. Apart from i18n.ts so the lean public
 * pages can pick the language without loading i18next.
 */
export const LANGUAGES = ['nb', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nb';
export const LANGUAGE_STORAGE_KEY = 'leadtorget.language';

export function pickLanguage(stored: string | null): Language {
  return LANGUAGES.find((language) => language === stored) ?? DEFAULT_LANGUAGE;
}

/** The stored choice, or Norwegian; storage that cannot be read (private mode, sandboxed iframe) is no choice. */
export function storedLanguage(): Language {
  try {
    return pickLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

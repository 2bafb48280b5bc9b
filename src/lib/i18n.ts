import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonNb from '@/locales/nb/common.json';
import componentsNb from '@/locales/nb/components.json';
import errorsNb from '@/locales/nb/errors.json';
import { LANGUAGES, type Language, storedLanguage } from './language';

export { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, pickLanguage, type Language } from './language';

/** Namespaces every screen needs; bundled with the entry so the first paint waits for nothing. */
export const STARTUP_NAMESPACES = ['common', 'errors', 'components'] as const;

/**
 * The texts only signed-in members see (their error messages, the shared member components): every
 * route that requires sign-in loads them (src/app/router.tsx), so the sign-in page does not.
 */
export const MEMBER_NAMESPACES = ['member'] as const;

// Shared namespaces live in src/locales/<lng>/<ns>.json; a feature's own strings in
// src/features/<feature>/locales/<lng>.json (namespace = feature name). Each file is its own chunk.
// The public pages' own namespaces are left out: only their lean translator reads them, and every
// file listed here is a loader in the sign-in page's download. So is the app shell's: its layout
// brings it (src/lib/shell-texts.ts).
const sharedFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/public.json',
  '!../locales/*/calendars-public.json',
  '!../locales/*/competitions-public.json',
  '!../locales/*/competitions-pages.json',
  '!../locales/*/shell.json',
]);
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json');

function loaderFor(language: string, namespace: string) {
  return (
    sharedFiles[`../locales/${language}/${namespace}.json`] ??
    featureFiles[`../features/${namespace}/locales/${language}.json`]
  );
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export class MissingTranslationError extends Error {}

/** A missing key is a bug: it throws in tests and shouts in development. */
function reportMissingKey(_languages: readonly string[], namespace: string, key: string) {
  const message = `Missing translation: ${namespace}:${key}`;
  if (import.meta.env.MODE === 'test') throw new MissingTranslationError(message);
  if (import.meta.env.DEV) console.error(message);
}

export async function initI18n(instance: I18n = i18next, language?: Language): Promise<I18n> {
  const chosen = language ?? storedLanguage();
  await instance
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: chosen,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources:
        chosen === 'nb' ? { nb: { common: commonNb, errors: errorsNb, components: componentsNb } } : {},
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: reportMissingKey,
      react: { useSuspense: true },
    });
  document.documentElement.lang = chosen;
  return instance;
}

/** Route modules call this before they render so their namespace never suspends mid-screen. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18next.loadNamespaces(namespaces);
}

export { i18next };

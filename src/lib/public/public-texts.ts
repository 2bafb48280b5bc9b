import { createContext, useContext } from 'react';
import nbCampaignErrors from '@/locales/nb/campaign-errors.json';
import nbPublic from '@/locales/nb/public.json';

/**
 * Texts for public pages without i18next (17 KiB gzip with react-i18next, a fifth of a public page's
 * budget). The files keep i18next's conventions — nested keys read dotted, `{{name}}` placeholders,
 * `_one`/`_other` plurals chosen by `count` — so they read like every other locale file.
 */
export type Messages = { readonly [key: string]: string | Messages };

export type PublicLanguage = 'nb' | 'en';

type Values = Record<string, string | number>;

/** A key as it is asked for: dotted, plural keys without their suffix (any string for untyped messages). */
export type KeyOf<M> = string extends keyof M ? string : KnownKeyOf<M>;
type KnownKeyOf<M> = {
  [K in keyof M & string]: M[K] extends string
    ? K extends `${infer Base}_${'one' | 'other'}`
      ? Base
      : K
    : `${K}.${KnownKeyOf<M[K]>}`;
}[keyof M & string];

export type Translate<Key extends string = string> = ((key: Key, values?: Values) => string) & {
  /** Whether a text exists for the key, e.g. for a code that may have its own message. */
  has: (key: string) => boolean;
};

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A missing key throws in tests, so a gap fails there; in the browser it shows the key, as i18next
 * does, so a gap is visible rather than blank.
 */
function missing(key: string): string {
  if (import.meta.env.MODE === 'test') throw new Error(`Missing translation: ${key}`);
  return key;
}

export function createTranslate<M extends Messages>(
  messages: M,
  language: PublicLanguage = 'nb',
): Translate<KeyOf<M>> {
  const plurals = new Intl.PluralRules(language === 'nb' ? 'nb-NO' : 'en-GB');
  const template = (key: string, count: unknown) =>
    (typeof count === 'number' ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
    lookup(messages, `${key}_other`) ??
    lookup(messages, key);
  const translate = (key: string, values: Values = {}) =>
    (template(key, values.count) ?? missing(key)).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  return Object.assign(translate, { has: (key: string) => template(key, undefined) !== undefined });
}

/** Messages of several namespaces as one: later ones win, nested objects merge. */
export function mergeMessages(...all: Messages[]): Messages {
  const merged: Record<string, string | Messages> = {};
  for (const messages of all) {
    for (const [key, value] of Object.entries(messages)) {
      const before = merged[key];
      merged[key] =
        typeof value === 'object' && typeof before === 'object' ? mergeMessages(before, value) : value;
    }
  }
  return merged;
}

/**
 * The page's language when the organization chose it: `?lang=en` (a customer's English site embeds
 * it so), else Norwegian. The browser's own language is not used: the organization chose the page's
 * language, not the visitor.
 */
export function publicLanguage(search: string): PublicLanguage {
  return new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'nb';
}

export type PublicTexts = { t: Translate; language: PublicLanguage };

/**
 * What the public entry provides: the shared texts with the area's over them. Without it (a public
 * component in the signed-in app, e.g. an editor's preview) each area falls back to its Norwegian.
 */
const PublicTextsContext = createContext<PublicTexts | null>(null);

export const PublicTextsProvider = PublicTextsContext.Provider;

export function usePublicTexts(fallback: PublicTexts): PublicTexts {
  return useContext(PublicTextsContext) ?? fallback;
}

/**
 * A failed call's message: the catalogue's (`errors.<code>`: the engine's, or the area's over them)
 * for a known code, a general line (`failures.<code>`, else `failures.unknown`) otherwise.
 */
export function failureText(t: Translate, code: string): string {
  if (t.has(`errors.${code}`)) return t(`errors.${code}`);
  return t.has(`failures.${code}`) ? t(`failures.${code}`) : t('failures.unknown');
}

/** The shared namespaces in Norwegian: the public texts and the engine's error catalogue. */
export const norwegianSharedMessages: Messages = mergeMessages(nbPublic, nbCampaignErrors);

/** The shared texts alone, in Norwegian: the fallback of a page that has no area texts. */
export const sharedPublicTexts: PublicTexts = {
  t: createTranslate(norwegianSharedMessages, 'nb'),
  language: 'nb',
};

/**
 * The shared namespaces (`public`, `campaign-errors`) in a language: Norwegian bundled, English
 * loaded when asked for.
 */
export async function sharedPublicMessages(language: PublicLanguage): Promise<Messages> {
  if (language === 'nb') return norwegianSharedMessages;
  const [texts, errors] = await Promise.all([
    import('@/locales/en/public.json'),
    import('@/locales/en/campaign-errors.json'),
  ]);
  return mergeMessages(texts.default, errors.default);
}

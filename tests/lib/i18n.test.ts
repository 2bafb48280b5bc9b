import type { i18n as I18n } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  MissingTranslationError,
  STARTUP_NAMESPACES,
  i18next,
  initI18n,
  loadNamespaces,
  pickLanguage,
} from '@/lib/i18n';
import { CAMPAIGN_ERROR_CODES } from '@/lib/public/campaign-codes';

type Json = Record<string, unknown>;

/** t() for keys the typed t() rightly rejects at compile time: these tests are about run time. */
function translateUntyped(instance: I18n, key: string, options?: { ns: string }): string {
  return (instance.t as (key: string, options?: { ns: string }) => string)(key, options);
}

// Every locale file the app ships: shared namespaces and (when they exist) feature namespaces.
const sharedFiles = import.meta.glob<Json>('../../src/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const featureFiles = import.meta.glob<Json>('../../src/features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** `{ language: { namespace: json } }` from both globs. */
function localeTree(): Record<string, Record<string, Json>> {
  const tree: Record<string, Record<string, Json>> = {};
  for (const [path, json] of Object.entries(sharedFiles)) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) throw new Error(`Unexpected locale path ${path}`);
    (tree[language] ??= {})[namespace] = json;
  }
  for (const [path, json] of Object.entries(featureFiles)) {
    const [, namespace, language] = /\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) throw new Error(`Unexpected locale path ${path}`);
    (tree[language] ??= {})[namespace] = json;
  }
  return tree;
}

/** Dotted paths of every leaf, e.g. `nav.leads`. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Json).flatMap(([key, child]) =>
    leafKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value as Json).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('pickLanguage', () => {
  it('defaults to Norwegian', () => {
    expect(DEFAULT_LANGUAGE).toBe('nb');
    expect(pickLanguage(null)).toBe('nb');
    expect(pickLanguage('')).toBe('nb');
  });

  it('keeps a supported stored language', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('nb')).toBe('nb');
  });

  it('falls back to Norwegian for anything else', () => {
    expect(pickLanguage('xx')).toBe('nb');
    expect(pickLanguage('no')).toBe('nb');
    expect(pickLanguage('EN')).toBe('nb');
  });
});

describe('initI18n (global instance, nb)', () => {
  beforeAll(async () => {
    await initI18n(undefined, 'nb');
  });

  it('is Norwegian and sets <html lang>', () => {
    expect(i18next.language).toBe('nb');
    expect(document.documentElement.lang).toBe('nb');
  });

  it('has the start-up namespaces without waiting for a network or a chunk', () => {
    expect([...STARTUP_NAMESPACES].sort()).toEqual(['common', 'components', 'errors']);
    for (const namespace of STARTUP_NAMESPACES) {
      expect(i18next.hasResourceBundle('nb', namespace)).toBe(true);
    }
    expect(i18next.t('signOut')).toBe('Logg ut');
    expect(i18next.t('skipToContent')).toBe('Hopp til innholdet');
    expect(i18next.t('close', { ns: 'components' })).toBe('Lukk');
    expect(i18next.t('not-signed-in', { ns: 'errors' })).toBe('Du må være logget inn for å fortsette.');
  });

  it('is usable synchronously right after a fresh nb init', async () => {
    const instance = i18next.createInstance();
    // Not awaited yet: the Norwegian start-up strings are bundled, so the first paint waits for nothing.
    const ready = initI18n(instance, 'nb');
    expect(instance.t('signOut')).toBe('Logg ut');
    expect(instance.t('unknown', { ns: 'errors' })).toBe(
      'Ukjent feil, noe gikk galt. Vennligst prøv igjen senere.',
    );
    await expect(ready).resolves.toBe(instance);
  });

  it('throws MissingTranslationError for a missing key (tests and CI catch it)', () => {
    expect(() => translateUntyped(i18next, 'no.such.key')).toThrow(MissingTranslationError);
    expect(() => translateUntyped(i18next, 'no-such-code', { ns: 'errors' })).toThrow(
      /Missing translation: errors:no-such-code/,
    );
  });

  it('loads namespaces through loadNamespaces', async () => {
    await expect(loadNamespaces('errors')).resolves.toBeUndefined();
    expect(i18next.hasResourceBundle('nb', 'errors')).toBe(true);
  });
});

describe('initI18n (fresh instance, en)', () => {
  it('loads English lazily through the backend', async () => {
    const instance = i18next.createInstance();
    await initI18n(instance, 'en');
    expect(instance.language).toBe('en');
    for (const namespace of STARTUP_NAMESPACES) {
      expect(instance.hasResourceBundle('en', namespace)).toBe(true);
    }
    expect(instance.t('signOut')).toBe('Sign out');
    expect(instance.t('close', { ns: 'components' })).toBe('Close');
    expect(instance.t('unknown', { ns: 'errors' })).toBe(
      'Unknown error, something went wrong. Please try again later.',
    );
    expect(document.documentElement.lang).toBe('en');
    // English does not fall back to Norwegian: a missing key still throws.
    expect(() => translateUntyped(instance, 'no.such.key')).toThrow(MissingTranslationError);
  });

  it('uses the stored language when none is passed', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const instance = i18next.createInstance();
    await initI18n(instance);
    expect(instance.language).toBe('en');
    expect(instance.t('signOut')).toBe('Sign out');
    expect(document.documentElement.lang).toBe('en');
  });

  it('uses Norwegian when the stored language is unknown', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    const instance = i18next.createInstance();
    await initI18n(instance);
    expect(instance.language).toBe('nb');
    expect(document.documentElement.lang).toBe('nb');
  });
});

describe('locale files', () => {
  const tree = localeTree();

  it('exist for every language', () => {
    expect(Object.keys(tree).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have the same namespaces in nb and en', () => {
    expect(Object.keys(tree.en ?? {}).sort()).toEqual(Object.keys(tree.nb ?? {}).sort());
    for (const namespace of STARTUP_NAMESPACES) expect(tree.nb).toHaveProperty([namespace]);
  });

  // The engine's codes mean the same on every area's pages: their messages live in campaign-errors
  // alone, which the signed-in catalogue and the public translator both read.
  it.each([...LANGUAGES])(
    "repeat none of the engine's error codes or messages outside campaign-errors (%s)",
    (language) => {
      const files = tree[language] ?? {};
      const engine = files['campaign-errors']?.errors as Json;
      const messages = CAMPAIGN_ERROR_CODES.map((code) => engine[code] as string);
      const repeated = Object.entries(files)
        .filter(([namespace]) => namespace !== 'campaign-errors')
        .flatMap(([namespace, json]) =>
          leaves(json).map(([key, value]) => ({ at: `${namespace}:${key}`, key, value })),
        )
        .filter(
          ({ key, value }) =>
            CAMPAIGN_ERROR_CODES.some((code) => key.split('.').includes(code)) ||
            messages.some((message) => String(value).includes(message)),
        )
        .map(({ at }) => at);
      expect(repeated).toEqual([]);
    },
  );

  describe.each(Object.keys(tree.nb ?? {}))('namespace %s', (namespace) => {
    const nb = tree.nb?.[namespace];
    const en = tree.en?.[namespace];

    it('has every nb key in en and every en key in nb', () => {
      const nbKeys = leafKeys(nb);
      const enKeys = leafKeys(en);
      expect(enKeys.filter((key) => !nbKeys.includes(key))).toEqual([]);
      expect(nbKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    });

    it('has only non-empty strings as values', () => {
      for (const [key, value] of [...leaves(nb), ...leaves(en)]) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    it('uses the same interpolation placeholders in both languages', () => {
      const placeholders = (text: unknown) =>
        [...String(text).matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]).sort();
      const enByKey = new Map(leaves(en));
      for (const [key, value] of leaves(nb)) {
        expect(placeholders(enByKey.get(key)), key).toEqual(placeholders(value));
      }
    });
  });
});

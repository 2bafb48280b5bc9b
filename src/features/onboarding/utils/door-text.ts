import type { Language } from '@/lib/language';
import nb from '../locales/door/nb.json';

/**
 * The door's strings without i18next (17.6 KiB gzip with react-i18next, a fifth of the public
 * entry's budget). The files keep i18next's conventions — `{{name}}` placeholders and `_one`/`_other`
 * plurals chosen by `count` — so they read like every other locale file. Norwegian is bundled;
 * English loads only for visitors who chose it.
 */
export type DoorStrings = typeof nb;
type Key = keyof DoorStrings;
/** A key as it is asked for: plural keys without their suffix. */
type Unsuffixed<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type DoorKey = Unsuffixed<Key>;
export type DoorText = (key: DoorKey, values?: Record<string, string | number>) => string;

export async function loadDoorStrings(language: Language): Promise<DoorStrings> {
  if (language === 'en') return (await import('../locales/door/en.json')).default;
  return nb;
}

export function doorText(strings: DoorStrings, language: Language): DoorText {
  const plurals = new Intl.PluralRules(language === 'nb' ? 'nb-NO' : 'en-GB');
  const table = strings as Record<string, string | undefined>;
  return (key, values = {}) => {
    const count = values.count;
    const template =
      (typeof count === 'number' ? table[`${key}_${plurals.select(count)}`] : undefined) ??
      table[`${key}_other`] ??
      table[key];
    if (template === undefined) throw new Error(`Missing translation: door:${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

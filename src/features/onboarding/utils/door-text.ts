import type { Language } from '@/lib/language';
import { createTranslate, type KeyOf, type Translate } from '@/lib/public/public-texts';
import nb from '../locales/door/nb.json';

/** The door's strings, through the public pages' translator. Norwegian is bundled; English loads only for visitors who chose it. */
export type DoorStrings = typeof nb;
export type DoorKey = KeyOf<DoorStrings>;
export type DoorText = Translate<DoorKey>;

export async function loadDoorStrings(language: Language): Promise<DoorStrings> {
  if (language === 'en') return (await import('../locales/door/en.json')).default;
  return nb;
}

export const doorText = (strings: DoorStrings, language: Language): DoorText =>
  createTranslate(strings, language);

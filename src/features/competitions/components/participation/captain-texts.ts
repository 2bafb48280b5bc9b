import { useMemo } from 'react';
import { createTranslate, type Messages, type Translate } from '@/lib/public/public-texts';
import en from './locales/captain-en.json';
import nb from './locales/captain-nb.json';
import { useMeTexts } from './participation-texts';

/**
 * The captain's texts (`me.captain.*`): both languages ride with the captain's tools, which only
 * captains load, so the page's own texts stay small; every other key comes from the page's texts.
 */
export function useCaptainTexts(): { t: Translate; language: 'nb' | 'en' } {
  const { t: page, language } = useMeTexts();
  return useMemo(() => {
    const own = createTranslate<Messages>(language === 'en' ? en : nb, language);
    const t = Object.assign(
      (key: string, values?: Record<string, string | number>) =>
        own.has(key) ? own(key, values) : page(key, values),
      { has: (key: string) => own.has(key) || page.has(key) },
    );
    return { t, language };
  }, [page, language]);
}

import { useTranslation } from 'react-i18next';
import en from '@/components/locales/dates/en.json';
import nb from '@/components/locales/dates/nb.json';

export type DateTexts = typeof nb;

/**
 * The date and time fields' own strings, imported here rather than as an i18next namespace: every
 * namespace is a loader in the sign-in page's download, and only signed-in forms have these fields.
 */
export function useDateTexts(): DateTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? en : nb;
}

/** «Velg en dato fra og med {{min}}.» with the value put in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

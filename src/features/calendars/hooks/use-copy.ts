import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text';

/** Copies text with the calendars' words for done and for a refusal (which carries the text). */
export function useCopy() {
  const { t } = useTranslation('calendars');
  return (text: string, done: string = t('share.copied')) =>
    copyText(text, { done, failed: t('list.copyFailed', { link: text }) });
}

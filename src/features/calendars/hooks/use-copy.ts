import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notification-store';

/**
 * Copies text to the clipboard and says so; where the browser refuses (no permission, an insecure
 * page) the message carries the text so it can still be copied by hand.
 */
export function useCopy() {
  const { t } = useTranslation('calendars');
  return async (text: string, done: string = t('share.copied')) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ message: done, tone: 'success' });
    } catch {
      notify({ message: t('list.copyFailed', { link: text }), tone: 'error', duration: 15_000 });
    }
  };
}

import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/format';

/** «tir. 01.12.2026, 09:00–10:00» in Oslo time. */
export function useOptionTime() {
  const { t } = useTranslation('meetings');
  return (option: { starts_at: string; ends_at: string }) =>
    t('time.range', {
      date: formatDate(option.starts_at),
      start: formatTime(option.starts_at),
      end: formatTime(option.ends_at),
    });
}

import { useTranslation } from 'react-i18next';
import { ShareSection as SharedShareSection } from '@/components/share-section';
import type { EditorCalendar } from '../api/get-calendar';
import { useCopy } from '../hooks/use-copy';
import { calendarEmbedSnippet, hostedCalendarUrl } from '../utils/embed';
import styles from './calendars.module.css';

/** The calendar's hosted link and iframe snippet, in the shared share section. */
export function ShareSection({ calendar }: { calendar: EditorCalendar }) {
  const { t } = useTranslation('calendars');
  const copy = useCopy();
  const origin = window.location.origin;
  return (
    <SharedShareSection
      link={hostedCalendarUrl(origin, calendar.id)}
      snippet={calendarEmbedSnippet(origin, calendar.id, calendar.name)}
      onCopy={(text) => void copy(text)}
      notice={!calendar.published_at ? <p className={styles.warning}>{t('share.draftNote')}</p> : null}
      texts={{
        hosted: t('share.hosted'),
        hostedHint: t('share.hostedHint'),
        copyLink: t('share.copyLink'),
        embed: t('share.embed'),
        embedHint: t('share.embedHint'),
        copyCode: t('share.copyCode'),
      }}
    />
  );
}

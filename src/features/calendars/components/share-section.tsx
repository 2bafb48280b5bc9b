import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import type { EditorCalendar } from '../api/get-calendar';
import { useCopy } from '../hooks/use-copy';
import { calendarEmbedSnippet, hostedCalendarUrl } from '../utils/embed';
import styles from './calendars.module.css';

/** The hosted link and the iframe snippet, each with a copy button. */
export function ShareSection({ calendar }: { calendar: EditorCalendar }) {
  const { t } = useTranslation('calendars');
  const copy = useCopy();
  const origin = window.location.origin;
  const link = hostedCalendarUrl(origin, calendar.id);
  const snippet = calendarEmbedSnippet(origin, calendar.id, calendar.name);
  return (
    <div className={layout.form}>
      {!calendar.published_at ? <p className={styles.warning}>{t('share.draftNote')}</p> : null}
      <section aria-labelledby="share-hosted" className={layout.form}>
        <h3 id="share-hosted">{t('share.hosted')}</h3>
        <p className={layout.muted}>{t('share.hostedHint')}</p>
        <code className={styles.code} id="share-link">
          {link}
        </code>
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => void copy(link)} aria-describedby="share-link">
            {t('share.copyLink')}
          </Button>
        </div>
      </section>
      <section aria-labelledby="share-embed" className={layout.form}>
        <h3 id="share-embed">{t('share.embed')}</h3>
        <p className={layout.muted}>{t('share.embedHint')}</p>
        <Textarea
          label={t('share.embed')}
          hideLabel
          readOnly
          rows={14}
          className={styles.mono}
          value={snippet}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => void copy(snippet)}>
            {t('share.copyCode')}
          </Button>
        </div>
      </section>
    </div>
  );
}

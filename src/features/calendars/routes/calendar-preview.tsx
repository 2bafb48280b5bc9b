import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { PublicPage } from '@/components/public/public-page';
import { SkeletonText } from '@/components/skeleton';
import { TimeField } from '@/components/time-field';
import { osloDateKey, formatTime } from '@/lib/format';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import styles from '../components/calendars.module.css';
import { CalendarView } from '../components/public/calendar-view';
import { DoorView } from '../components/public/door-view';
import { EntryForm } from '../components/public/entry-form';
import { useCalendarEditor } from '../hooks/use-calendar-editor';
import { designVariables } from '../utils/design';
import { osloWallTime, previewCalendar, previewDoor } from '../utils/preview';

/**
 * /calendar/:id/preview (calendar-preview): the public calendar as it will look, drawn by the public
 * pages' own components from what the editor has (drafts and future doors included), at a test date
 * of the member's choosing or with every door open. Nothing here reaches the live calendar: the
 * clock is the page's own and the entry form sends nothing.
 */
export default function CalendarPreviewPage() {
  const { t } = useTranslation('calendars');
  const { id = '' } = useParams();
  const editor = useCalendarEditor(id);
  const [date, setDate] = useState(() => osloDateKey(new Date()));
  const [time, setTime] = useState(() => formatTime(new Date()));
  const [openAll, setOpenAll] = useState(false);
  const [day, setDay] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const data = editor.data;
  const now = osloWallTime(date, time);
  const door = data && day !== null ? data.doors.find((item) => item.day_number === day) : undefined;
  const doorMedia = door?.media_id ? data?.media.get(door.media_id) : undefined;
  const backgroundMedia = data ? previewCalendar(data, now, openAll).backgroundId : null;
  const background = backgroundMedia ? data?.media.get(backgroundMedia) : undefined;
  const links = useSignedMediaUrls([doorMedia?.url, background?.url]);

  if (!data) {
    return (
      <div className={layout.page}>
        <FormStatus error={editor.error} />
        {editor.isPending ? <SkeletonText lines={6} /> : null}
      </div>
    );
  }
  const { calendar: view, design } = previewCalendar(data, now, openAll);

  return (
    <div className={layout.page}>
      <Link to={`/calendar/${id}/edit`}>{t('preview.back')}</Link>
      <h1>
        {t('preview.title')}: {data.calendar.name}
      </h1>
      <form
        className={styles.fieldset}
        onSubmit={(event) => event.preventDefault()}
        aria-labelledby="preview-clock"
      >
        <h2 id="preview-clock">{t('preview.testDate')}</h2>
        <p className={layout.muted}>{t('preview.testDateHint')}</p>
        <div className={layout.grid}>
          <DateField label={t('preview.date')} value={date} onChange={setDate} />
          <TimeField label={t('preview.testTime')} value={time} onChange={setTime} />
        </div>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={openAll} onChange={(event) => setOpenAll(event.target.checked)} />
          {t('preview.openAll')}
        </label>
      </form>
      <p className={styles.warning}>{t('preview.note')}</p>
      <PublicPage
        variables={designVariables(design)}
        backgroundUrl={background?.url ? links.get(background.url) : null}
      >
        {door ? (
          <DoorView
            door={previewDoor(data, door, now, openAll)}
            media={{ src: doorMedia?.url ? (links.get(doorMedia.url) ?? null) : null }}
            headingRef={heading}
            onBack={() => setDay(null)}
            entryForm={
              <EntryForm
                mode="entry"
                consentText={data.calendar.consent_text ?? ''}
                marketingConsentText={data.calendar.marketing_consent_text}
                remindersEnabled={data.calendar.reminders_enabled}
                quiz={
                  door.quiz_kind === 'single' || door.quiz_kind === 'text'
                    ? { kind: door.quiz_kind, question: door.quiz_question ?? '', options: door.quiz_options }
                    : null
                }
                rulesText={data.calendar.rules_text}
                onSubmit={async () => {
                  notify({ message: t('preview.note'), tone: 'info' });
                  await Promise.resolve();
                }}
              />
            }
          />
        ) : (
          <CalendarView
            calendar={view}
            now={now}
            onOpenDoor={(chosen) => {
              setDay(chosen);
              requestAnimationFrame(() => heading.current?.focus());
            }}
          />
        )}
      </PublicPage>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import { PublicCallError } from '@/lib/public/public-rpc';
import { forgetDetails } from '@/lib/public/remembered-details';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import {
  deleteCalendarParticipant,
  getParticipation,
  getPublicCalendar,
  unsubscribeCalendarReminders,
} from '../api/public-calendar';
import styles from '../components/public/calendar-public.module.css';
import { failureText, useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import { ParticipationView } from '../components/public/participation-view';
import type { Participation, PublicCalendar } from '../types';
import { designVariables } from '../utils/design';
import { calendarPath } from '../utils/public-links';

type Loaded = { participation: Participation; calendar: PublicCalendar | null };

/**
 * `/calendar/participation?id=…&token=…`: the participant's own page from the link in their e-mail —
 * their details and answers, doors left, reminders off, and deleting their data after a confirmation.
 * The e-mail's unsubscribe link (`&unsubscribe=1`) asks before it turns anything off: mail scanners
 * open links, and only the mail client's own one-click request (a POST to the unsubscribe function)
 * may act without a click.
 */
export default function CalendarParticipationPage() {
  const { t } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const search = new URLSearchParams(window.location.search);
  const token = search.get('token');
  const oneClick = search.get('unsubscribe') === '1';
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(
    oneClick ? { text: t('participation.confirmUnsubscribe') } : null,
  );
  const [deleted, setDeleted] = useState(false);

  const { state, reload } = usePublicLoad<Loaded>(async (signal) => {
    if (!token) return Promise.reject(new PublicCallError('missing-token', null));
    const participation = await getParticipation(token, signal);
    // The doors left are a courtesy: the page works without them.
    const calendar = await getPublicCalendar(participation.calendar_id, signal).catch(() => null);
    return { participation, calendar };
  }, token ?? '');

  const code = state.status === 'failed' ? state.code : null;
  const invalidLink = code === 'missing-token' || code === 'participant-not-found';
  const name = state.status === 'ready' ? state.data.participation.calendar_name : null;
  useDocumentTitle(
    deleted
      ? t('titles.deleted')
      : invalidLink
        ? t('titles.invalidLink')
        : name
          ? t('titles.participation', { name })
          : t('titles.fallback'),
  );

  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const deletedRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!deleted) return;
    // What was typed on this device goes too: the next form must not offer it again.
    forgetDetails();
    deletedRef.current?.focus();
  }, [deleted]);

  if (deleted)
    return (
      <PublicPage>
        <section className={styles.panel} aria-labelledby="participation-deleted">
          <h1 id="participation-deleted" className={styles.title} ref={deletedRef} tabIndex={-1}>
            {t('participation.deletedHeading')}
          </h1>
          <p role="status">{t('participation.deleted')}</p>
        </section>
      </PublicPage>
    );

  if (state.status !== 'ready')
    return (
      <PublicPage>
        {state.status === 'failed' ? (
          <header className={styles.panel}>
            <h1 className={styles.title}>
              {invalidLink ? t('participation.invalidLinkHeading') : t('participation.pageHeading')}
            </h1>
          </header>
        ) : null}
        {code === 'missing-token' ? (
          <p className={styles.panel} role="alert">
            {t('participation.missingToken')}
          </p>
        ) : (
          <PageStatus {...statusTexts} status={code ? { code } : 'loading'} onRetry={reload} />
        )}
      </PublicPage>
    );

  const { participation, calendar } = state.data;
  const act = async (action: () => Promise<unknown>, done: () => void) => {
    if (!token) return;
    try {
      await action();
      done();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      setNotice({ text: failureText(t, typeof code === 'string' ? code : 'unknown'), error: true });
    }
  };

  return (
    <PublicPage variables={designVariables(calendar?.design)}>
      <ParticipationView
        participation={participation}
        doors={calendar?.doors ?? null}
        now={calendar ? new Date(calendar.now) : new Date()}
        calendarHref={calendarPath(participation.calendar_id, window.location.search)}
        notice={notice}
        noticeRef={noticeRef}
        onUnsubscribe={() =>
          act(
            () => unsubscribeCalendarReminders(token ?? ''),
            () => {
              setNotice({ text: t('participation.unsubscribed') });
              reload();
            },
          )
        }
        onDelete={() =>
          act(
            () => deleteCalendarParticipant(token ?? ''),
            () => setDeleted(true),
          )
        }
      />
    </PublicPage>
  );
}

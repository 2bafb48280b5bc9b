import { PageStatus } from '@/components/public/page-status';
import { ParticipationDeleted, ParticipationView } from '@/components/public/participation-view';
import { PublicPage } from '@/components/public/public-page';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useParticipation } from '@/lib/public/use-participation';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { getPublicCalendar } from '../api/public-calendar';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import styles from '../components/public/calendar-public.module.css';
import { useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import type { PublicCalendar } from '../types';
import { calendarPath } from '../utils/public-links';

/**
 * `/calendar/participation?id=…&token=…`: the participant's own page from the link in their e-mail —
 * everything the organization holds about them (all its campaigns, not only this calendar), with the
 * calendar they came from above it: its name, the doors left, the way back. The e-mail's unsubscribe
 * link (`&unsubscribe=1`) asks before it turns this calendar's reminders off: mail scanners open
 * links, and only the mail client's own one-click request (a POST to the unsubscribe function) may act
 * without a click.
 */
export default function CalendarParticipationPage() {
  const { t } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const search = new URLSearchParams(window.location.search);
  const token = search.get('token');
  const calendarId = search.get('id');
  const person = useParticipation(token, search.get('unsubscribe') === '1' ? calendarId : null);
  // The calendar is a courtesy (its design, the doors left): the page works without it.
  const { state: calendarState } = usePublicLoad<PublicCalendar | null>(
    (signal) =>
      calendarId ? getPublicCalendar(calendarId, signal).catch(() => null) : Promise.resolve(null),
    calendarId ?? '',
  );
  const calendar = calendarState.status === 'ready' ? calendarState.data : null;

  const { state, deleted } = person;
  const code = state.status === 'failed' ? state.code : null;
  const invalidLink = code === 'missing-token' || code === 'participant-not-found';
  const data = state.status === 'ready' ? state.data : null;
  const name = calendar?.name ?? data?.campaigns.find((c) => c.campaign_id === calendarId)?.name ?? null;
  useDocumentTitle(
    deleted
      ? t('titles.deleted')
      : invalidLink
        ? t('titles.invalidLink')
        : name
          ? t('titles.participation', { name })
          : t('titles.fallback'),
  );

  if (deleted)
    return (
      <PublicPage>
        <ParticipationDeleted organization={deleted.organization} />
      </PublicPage>
    );

  if (!data)
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
          <PageStatus {...statusTexts} status={code ? { code } : 'loading'} onRetry={person.reload} />
        )}
      </PublicPage>
    );

  const entered = new Set(
    data.campaigns.find((c) => c.campaign_id === calendarId)?.entries.map((entry) => entry.item),
  );
  // By the database's clock: the doors not entered that have not closed yet.
  const left = calendar?.doors.filter(
    (door) => !entered.has(door.day_number) && Date.parse(door.closes_at) > Date.parse(calendar.now),
  ).length;

  return (
    <CalendarPublicPage design={calendar?.design}>
      <header className={styles.panel}>
        <h1 className={styles.title}>
          {name ? t('participation.heading', { name }) : t('participation.pageHeading')}
        </h1>
        {left !== undefined ? <p>{t('participation.doorsLeft', { count: left })}</p> : null}
        {calendarId ? (
          <p>
            <a className={styles.link} href={calendarPath(calendarId, window.location.search)}>
              {t('participation.toCalendar')}
            </a>
          </p>
        ) : null}
      </header>
      <ParticipationView
        participation={data}
        notice={person.notice}
        noticeRef={person.noticeRef}
        onWithdrawMarketing={person.withdrawMarketing}
        onWithdrawReminders={person.withdrawReminders}
        onDelete={person.deleteAll}
      />
    </CalendarPublicPage>
  );
}

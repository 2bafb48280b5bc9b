import { useEffect, useRef, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { reportHeightToParent } from '@/lib/public/report-height';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import { recordCalendarEvent } from '../api/public-calendar';
import { DoorPanel } from '../components/door-panel';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import { useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import { CalendarView } from '../components/public/calendar-view';
import { usePublicCalendar } from '../hooks/use-public-calendar';
import { calendarPath } from '../utils/public-links';

/**
 * `/calendar/iframe?id=…`: the calendar inside a customer's page. A door opens in place (no
 * navigation out of the frame), the frame's height goes to the parent (`leadtorget:height`), and
 * nothing needs a cookie: what the visitor typed is kept in sessionStorage only.
 */
export default function CalendarIframePage() {
  const { t } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const id = new URLSearchParams(window.location.search).get('id');
  const [openDay, setOpenDay] = useState<number | null>(null);
  const { state, reload, calendar, now, offset } = usePublicCalendar(id);
  const background = useSignedUrl(calendar?.background?.path);
  const lastDay = useRef<number | null>(null);
  useDocumentTitle(
    calendar
      ? openDay
        ? t('titles.door', { day: openDay, name: calendar.name })
        : t('titles.calendar', { name: calendar.name })
      : t('titles.fallback'),
  );

  useEffect(() => reportHeightToParent(), []);

  // Back on the grid, focus returns to the door the visitor came from.
  useEffect(() => {
    if (openDay !== null || lastDay.current === null) return;
    document.querySelector<HTMLElement>(`[data-day="${lastDay.current}"]`)?.focus();
  }, [openDay]);

  const open = (day: number) => {
    lastDay.current = day;
    setOpenDay(day);
    if (calendar) recordCalendarEvent(calendar.id, 'visit', day);
  };

  return (
    <CalendarPublicPage design={calendar?.design} backgroundUrl={background}>
      {calendar && now ? (
        openDay !== null ? (
          <DoorPanel
            key={openDay}
            calendar={calendar}
            day={openDay}
            clockOffset={offset}
            onBack={() => setOpenDay(null)}
            focusOnOpen
          />
        ) : (
          <CalendarView
            calendar={calendar}
            now={now}
            onOpenDoor={open}
            shareUrl={`${window.location.origin}${calendarPath(calendar.id)}`}
            onShared={() => recordCalendarEvent(calendar.id, 'share')}
          />
        )
      ) : (
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      )}
    </CalendarPublicPage>
  );
}

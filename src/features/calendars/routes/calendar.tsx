import { PageStatus } from '@/components/public/page-status';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import { recordCalendarEvent } from '../api/public-calendar';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import { useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import { CalendarView } from '../components/public/calendar-view';
import { usePublicCalendar } from '../hooks/use-public-calendar';
import { calendarPath, countdownPath, doorPath, drawsPath, hostedPathParts } from '../utils/public-links';

/**
 * `/calendar/:id`: the hosted calendar on the lean public entry (src/app/start-public.tsx). Each door
 * is a link to its own page, so a door can be shared and opened in a new tab.
 */
export default function CalendarPage() {
  const { t } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const id = hostedPathParts(window.location.pathname)?.id ?? null;
  const search = window.location.search;
  const { state, reload, calendar, now } = usePublicCalendar(id);
  const background = useSignedUrl(calendar?.background?.path);
  useDocumentTitle(calendar ? t('titles.calendar', { name: calendar.name }) : t('titles.fallback'));

  return (
    <CalendarPublicPage design={calendar?.design} backgroundUrl={background}>
      {calendar && now ? (
        <CalendarView
          calendar={calendar}
          now={now}
          doorHref={(day) => doorPath(calendar.id, day, search)}
          shareUrl={`${window.location.origin}${calendarPath(calendar.id)}`}
          onShared={() => recordCalendarEvent(calendar.id, 'share')}
          countdownHref={countdownPath(calendar.id, search)}
          drawsHref={drawsPath(calendar.id, search)}
        />
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

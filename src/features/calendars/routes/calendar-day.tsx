import { PageStatus } from '@/components/public/page-status';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import { DoorPanel } from '../components/door-panel';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import { useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import { usePublicCalendar } from '../hooks/use-public-calendar';
import { calendarPath, hostedPathParts } from '../utils/public-links';

/**
 * `/calendar/:id/:dayId`: one door by its day number. A door that has not opened (an edited address)
 * gets the database's «not open yet» answer and shows that message, never content.
 */
export default function CalendarDayPage() {
  const { t } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const parts = hostedPathParts(window.location.pathname);
  const day = parts?.day ?? null;
  const { state, reload, calendar, offset } = usePublicCalendar(parts?.id ?? null, day);
  const background = useSignedUrl(calendar?.background?.path);
  useDocumentTitle(calendar && day ? t('titles.door', { day, name: calendar.name }) : t('titles.fallback'));
  const backHref = parts ? calendarPath(parts.id, window.location.search) : undefined;

  return (
    <CalendarPublicPage design={calendar?.design} backgroundUrl={background}>
      {calendar && day ? (
        <DoorPanel calendar={calendar} day={day} clockOffset={offset} backHref={backHref} />
      ) : (
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
          backHref={backHref}
        />
      )}
    </CalendarPublicPage>
  );
}

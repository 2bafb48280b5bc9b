import { DrawRecord } from '@/components/public/draw-record';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import { drawTexts } from '@/lib/public/draw-texts';
import { PublicCallError } from '@/lib/public/public-rpc';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { type DrawVerification, getDrawVerification } from '../api/get-draw-verification';
import { getPublicCalendar } from '../api/public-calendar';
import { CalendarPublicPage } from '../components/public/calendar-public-page';
import styles from '../components/public/calendar-public.module.css';
import { useCalendarTexts, useStatusTexts } from '../components/public/calendar-texts';
import { calendarPath } from '../utils/public-links';

/** The row of `calendar_draw_verification` as the shared draw record takes it. */
const recorded = (draw: DrawVerification) => ({
  entryIds: draw.entry_ids,
  entriesSha256: draw.entries_sha256,
  seedHex: draw.seed_hex,
  committedAt: draw.committed_at,
  drawnAt: draw.drawn_at,
  eligibility: draw.eligibility,
  excludePreviousWinners: draw.exclude_previous_winners,
  winners: draw.winners.map((winner) => ({
    rank: winner.rank,
    entryId: winner.entry_id,
    status: winner.status,
    addedAs: winner.added_as,
    reason: winner.reason,
  })),
});

/**
 * `/calendar/draws?id=…`: every draw of a published calendar, shown so that anyone can redo it in the
 * browser. The calendar itself is read for its name and colours only (not counted as a visit); a page
 * of hashes needs no background picture, and without one it signs no media.
 */
export default function CalendarDrawsPage() {
  const { t, language } = useCalendarTexts();
  const statusTexts = useStatusTexts();
  const search = window.location.search;
  const id = new URLSearchParams(search).get('id');
  const { state, reload } = usePublicLoad(async (signal) => {
    if (!id) throw new PublicCallError('missing-id', null);
    const [calendar, draws, texts] = await Promise.all([
      getPublicCalendar(id, signal),
      getDrawVerification(id, signal),
      drawTexts(language),
    ]);
    return { calendar, draws, texts };
  }, id ?? '');
  const calendar = state.status === 'ready' ? state.data.calendar : null;
  useDocumentTitle(calendar ? t('titles.draws', { name: calendar.name }) : t('titles.fallback'));

  if (state.status !== 'ready')
    return (
      <PublicPage>
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      </PublicPage>
    );

  const { draws, texts } = state.data;
  const name = state.data.calendar.name;
  return (
    <CalendarPublicPage design={state.data.calendar.design}>
      <header className={styles.panel}>
        <h1 className={styles.title}>{t('draws.heading')}</h1>
        <p>
          <a className={styles.link} href={calendarPath(state.data.calendar.id, search)}>
            {t('draws.back', { name })}
          </a>
        </p>
        <p>{texts('draws.explain')}</p>
      </header>
      {draws.length === 0 ? (
        <p className={styles.panel}>{texts('draws.none')}</p>
      ) : (
        draws.map((draw) => (
          <DrawRecord
            key={draw.draw_id}
            title={`${draw.day_number === null ? t('winners.grand') : t('winners.door', { day: draw.day_number })}: ${draw.prize_name}`}
            draw={recorded(draw)}
            t={texts}
          />
        ))
      )}
    </CalendarPublicPage>
  );
}

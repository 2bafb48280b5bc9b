import type { PublicCalendar } from '../../types';
import { currentDoor, nextDoor } from '../../utils/door-times';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';
import { Countdown } from './countdown';
import { DoorGrid } from './door-grid';
import { RulesText } from './rules-text';
import { ShareButton } from './share-button';
import { WinnersList } from './winners-list';

export type CalendarViewProps = {
  calendar: Pick<
    PublicCalendar,
    'id' | 'name' | 'status' | 'show_past_doors' | 'rules_text' | 'doors' | 'winners'
  >;
  /** The clock the doors are judged by: the database's (ticking) on the public pages, a test date in the preview. */
  now: Date;
  doorHref?: (day: number) => string;
  onOpenDoor?: (day: number) => void;
  /** The hosted calendar's address to share; no share button without it. */
  shareUrl?: string;
  onShared?: () => void;
  /** Where to pre-register before the first door (the countdown page). */
  countdownHref?: string;
};

/** The calendar page: name, countdown to the next door, the door grid, yesterday's winners, rules, share. */
export function CalendarView({
  calendar,
  now,
  doorHref,
  onOpenDoor,
  shareUrl,
  onShared,
  countdownHref,
}: CalendarViewProps) {
  const { t } = useCalendarTexts();
  const next = nextDoor(calendar.doors, now);
  const started = calendar.doors.some((door) => new Date(door.opens_at).getTime() <= now.getTime());
  const ended = !next && !currentDoor(calendar.doors, now) && started;
  return (
    <>
      <header className={`${styles.panel} ${styles.header}`}>
        <h1 className={styles.title}>{calendar.name}</h1>
        {shareUrl ? <ShareButton url={shareUrl} title={calendar.name} onShared={onShared} /> : null}
      </header>
      {next || ended ? (
        <section className={styles.panel} aria-label={t('countdown.nextDoor')}>
          {next ? (
            <Countdown
              target={next.opens_at}
              now={now}
              day={next.day_number}
              kind={started ? 'nextDoor' : 'firstDoor'}
            />
          ) : (
            <p>{t('countdown.ended')}</p>
          )}
          {!started && countdownHref ? (
            <p>
              <a className={styles.link} href={countdownHref}>
                {t('countdown.preRegister')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <div className={styles.panel}>
        <DoorGrid
          doors={calendar.doors}
          now={now}
          showPastDoors={calendar.show_past_doors}
          doorHref={doorHref}
          onOpenDoor={onOpenDoor}
        />
      </div>
      <WinnersList winners={calendar.winners} now={now} />
      {calendar.rules_text?.trim() ? (
        <div className={styles.panel}>
          <RulesText text={calendar.rules_text} id="regler" />
        </div>
      ) : null}
    </>
  );
}

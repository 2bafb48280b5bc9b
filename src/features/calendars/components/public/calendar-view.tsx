import { Countdown } from '@/components/public/countdown';
import { RulesText } from '@/components/public/rules-text';
import { ShareButton } from '@/components/public/share-button';
import { WinnersList } from '@/components/public/winners-list';
import type { PublicCalendar } from '../../types';
import { currentDoor, nextDoor } from '../../utils/door-times';
import styles from './calendar-public.module.css';
import { useCalendarTexts, useWhen } from './calendar-texts';
import { DoorGrid } from './door-grid';

export type CalendarViewProps = {
  calendar: Pick<
    PublicCalendar,
    'id' | 'name' | 'status' | 'show_past_doors' | 'rules_text' | 'doors' | 'winners' | 'has_draws'
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
  /** The draws' verification page, linked beside the winners. */
  drawsHref?: string;
  /** The name's heading: the page's `h1`, or a level under the section that shows the page inside another. */
  titleAs?: 'h1' | 'h4';
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
  drawsHref,
  titleAs: Title = 'h1',
}: CalendarViewProps) {
  const { t } = useCalendarTexts();
  const when = useWhen();
  const next = nextDoor(calendar.doors, now);
  const started = calendar.doors.some((door) => new Date(door.opens_at).getTime() <= now.getTime());
  const ended = !next && !currentDoor(calendar.doors, now) && started;
  return (
    <>
      <header className={`${styles.panel} ${styles.header}`}>
        <Title className={styles.title}>{calendar.name}</Title>
        {shareUrl ? (
          <ShareButton
            url={shareUrl}
            title={calendar.name}
            texts={{
              button: t('share.button'),
              message: t('share.text', { name: calendar.name }),
              linkLabel: t('share.linkLabel'),
            }}
            onShared={onShared}
          />
        ) : null}
      </header>
      {next || ended ? (
        <section className={styles.panel} aria-label={t('countdown.nextDoor')}>
          {next ? (
            <Countdown
              target={next.opens_at}
              now={now}
              label={t(started ? 'countdown.nextDoor' : 'countdown.firstDoor')}
              note={t('countdown.opensAt', { day: next.day_number, when: when(next.opens_at) })}
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
      <div className={`${styles.panel} ${styles.doorsPanel}`}>
        <DoorGrid
          doors={calendar.doors}
          now={now}
          showPastDoors={calendar.show_past_doors}
          doorHref={doorHref}
          onOpenDoor={onOpenDoor}
        />
      </div>
      <WinnersList
        winners={calendar.winners.map((winner) => ({
          label:
            winner.day_number === null ? t('winners.grand') : t('winners.door', { day: winner.day_number }),
          prize: winner.prize_name,
          name: winner.winner_name,
          announcedAt: winner.announced_at,
        }))}
        now={now}
        headings={{ recent: t('winners.yesterday'), earlier: t('winners.earlier') }}
      >
        {drawsHref ? (
          <p>
            <a className={styles.link} href={drawsHref}>
              {t('winners.howDrawn')}
            </a>
          </p>
        ) : null}
      </WinnersList>
      {/* A draw is checkable from the moment its list is locked, before any winner is announced. */}
      {drawsHref && calendar.winners.length === 0 && calendar.has_draws ? (
        <p className={styles.panel}>
          <a className={styles.link} href={drawsHref}>
            {t('winners.howDrawn')}
          </a>
        </p>
      ) : null}
      {calendar.rules_text?.trim() ? (
        <div className={styles.panel}>
          <RulesText text={calendar.rules_text} id="regler" />
        </div>
      ) : null}
    </>
  );
}

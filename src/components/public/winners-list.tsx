import { osloDay } from '@/lib/public/oslo-time';
import type { PublicWinner } from '../../types';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

type WinnersListProps = { winners: PublicWinner[]; now: Date };

/**
 * Announced winners, first name and initial: those announced today («yesterday's winners», drawn for
 * yesterday's door) first, earlier ones folded away.
 */
export function WinnersList({ winners, now }: WinnersListProps) {
  const { t } = useCalendarTexts();
  if (winners.length === 0) return null;
  const today = osloDay(now);
  const recent = winners.filter((winner) => osloDay(winner.announced_at) === today);
  const earlier = winners.filter((winner) => osloDay(winner.announced_at) !== today);
  const line = (winner: PublicWinner, index: number) => (
    <li key={`${winner.day_number ?? 'grand'}-${index}`}>
      <strong>
        {winner.day_number === null ? t('winners.grand') : t('winners.door', { day: winner.day_number })}:
      </strong>{' '}
      {t('winners.line', { winner: winner.winner_name ?? t('winners.anonymous'), prize: winner.prize_name })}
    </li>
  );
  return (
    <section className={styles.panel} aria-labelledby="calendar-winners-heading">
      <h2 id="calendar-winners-heading" className={styles.heading}>
        {recent.length > 0 ? t('winners.yesterday') : t('winners.earlier')}
      </h2>
      <ul className={styles.list}>{(recent.length > 0 ? recent : earlier).map(line)}</ul>
      {recent.length > 0 && earlier.length > 0 ? (
        <details>
          <summary className={styles.summary}>{t('winners.earlier')}</summary>
          <ul className={styles.list}>{earlier.map(line)}</ul>
        </details>
      ) : null}
    </section>
  );
}

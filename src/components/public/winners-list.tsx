import type { ReactNode } from 'react';
import { useId } from 'react';
import { osloDay } from '@/lib/public/oslo-time';
import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

export type AnnouncedWinner = {
  /** What was won for, in the area's words («Luke 4», «Hovedpremien»). */
  label: string;
  prize: string;
  /** First name and initial; null: a participant who left no name. */
  name: string | null;
  announcedAt: string;
};

type WinnersListProps = {
  winners: AnnouncedWinner[];
  now: Date;
  /** The headings in the area's words: today's announcements («Gårsdagens vinnere»), earlier ones. */
  headings: { recent: string; earlier: string };
  /** Below the list, e.g. the link to how the winners were drawn. */
  children?: ReactNode;
};

/**
 * Announced winners, first name and initial: those announced today first, earlier ones folded away.
 */
export function WinnersList({ winners, now, headings, children }: WinnersListProps) {
  const { t } = usePublicTexts(sharedPublicTexts);
  const headingId = useId();
  if (winners.length === 0) return null;
  const today = osloDay(now);
  const recent = winners.filter((winner) => osloDay(winner.announcedAt) === today);
  const earlier = winners.filter((winner) => osloDay(winner.announcedAt) !== today);
  const line = (winner: AnnouncedWinner, index: number) => (
    <li key={`${winner.label}-${index}`}>
      <strong>{winner.label}:</strong>{' '}
      {t('winners.line', { winner: winner.name ?? t('winners.anonymous'), prize: winner.prize })}
    </li>
  );
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {recent.length > 0 ? headings.recent : headings.earlier}
      </h2>
      <ul className={styles.list}>{(recent.length > 0 ? recent : earlier).map(line)}</ul>
      {recent.length > 0 && earlier.length > 0 ? (
        <details>
          <summary className={styles.summary}>{headings.earlier}</summary>
          <ul className={styles.list}>{earlier.map(line)}</ul>
        </details>
      ) : null}
      {children}
    </section>
  );
}

import { useEffect, useState } from 'react';
import styles from './competition-public.module.css';
import { formatNumber, useCompetitionTexts } from './competition-texts';
import type { FillMilestone } from './fill-bar';
import { PublicIcon } from './public-icons';

/** How long the celebration stays on screen. */
const SHOWN_MS = 10_000;

const storageKey = (competitionId: string) => `leadtorget.competition.celebrated.${competitionId}`;

function celebratedPercent(competitionId: string): number {
  try {
    return Number(localStorage.getItem(storageKey(competitionId)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function rememberCelebrated(competitionId: string, percent: number) {
  try {
    localStorage.setItem(storageKey(competitionId), String(percent));
  } catch {
    // Storage refused (an iframe, private mode): the celebration may come again next visit.
  }
}

/**
 * A small celebration of the highest milestone reached that this browser has not celebrated yet: a
 * burst of colour (still under `prefers-reduced-motion`) and one polite announcement. Remembered per
 * competition, so it comes once, not on every visit or reload.
 */
export function MilestoneCelebration({
  competitionId,
  milestones,
}: {
  competitionId: string;
  milestones: readonly FillMilestone[];
}) {
  const { t, language } = useCompetitionTexts();
  const [message, setMessage] = useState('');
  const highest = milestones.filter((milestone) => milestone.reached).at(-1);

  useEffect(() => {
    if (!highest || highest.percent <= celebratedPercent(competitionId)) return;
    // After the first paint, so the status region exists before its text and is announced; remembered
    // only when shown, so an effect cancelled before it (a re-render) does not lose it.
    const timer = window.setTimeout(() => {
      rememberCelebrated(competitionId, highest.percent);
      setMessage(
        t('fill.celebrate', { percent: formatNumber(highest.percent, language), label: highest.label }),
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [competitionId, highest, t, language]);

  // It covers the page's foot: gone after a while, once read.
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(''), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <div role="status" className={message ? styles.celebration : styles.celebrationIdle}>
      {message ? (
        <>
          <span className={styles.burst} aria-hidden="true">
            {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
              <span
                key={index}
                className={styles.spark}
                style={{ '--spark': index } as React.CSSProperties}
              />
            ))}
          </span>
          <PublicIcon name="sparkle" size={22} />
          <span>{message}</span>
        </>
      ) : null}
    </div>
  );
}

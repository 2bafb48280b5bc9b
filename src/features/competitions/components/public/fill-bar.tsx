import { useEffect, useState } from 'react';
import styles from './competition-public.module.css';
import { formatNumber, useCompetitionTexts } from './competition-texts';
import { PublicIcon } from './public-icons';

export type FillMilestone = { percent: number; label: string; reached: boolean };

export type FillBarProps = {
  /** How full, in percent of the goal (may pass 100; the bar stops at full). */
  percent: number;
  /** The bar's accessible name, e.g. «Felles mål: 4 000 km». */
  label: string;
  /** The value in words, shown under the bar and read by screen readers («2 012 km av 4 000 km (50,3 %)»). */
  valueText: string;
  /** Markers on the bar, listed under it with whether each is reached. */
  milestones?: readonly FillMilestone[];
  /** `large`: the event's shared bar; `small`: a team's row in a list. */
  size?: 'large' | 'small';
};

/**
 * The fill-up bar: grows from empty to its value when it appears and from its old value when a new
 * one comes (CSS transition, none under `prefers-reduced-motion`). A `progressbar` with its value in
 * words; the milestones are markers on the bar and a list under it that says which are reached.
 */
export function FillBar({ percent, label, valueText, milestones = [], size = 'large' }: FillBarProps) {
  const { t, language } = useCompetitionTexts();
  const value = Math.max(0, Math.min(100, percent));
  // Empty on the first paint, then the value: the transition draws the filling up.
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(value));
    return () => cancelAnimationFrame(frame);
  }, [value]);

  return (
    <div className={size === 'large' ? styles.fill : `${styles.fill} ${styles.fillSmall}`}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={valueText}
      >
        <div className={styles.bar} style={{ transform: `scaleX(${shown / 100})` }} />
        {milestones.map((milestone) => (
          <span
            key={milestone.percent}
            className={milestone.reached ? `${styles.marker} ${styles.markerReached}` : styles.marker}
            style={{ left: `${Math.min(100, milestone.percent)}%` }}
          />
        ))}
      </div>
      <p className={styles.fillValue}>{valueText}</p>
      {milestones.length > 0 && size === 'large' ? (
        <div>
          <h3 className={styles.subheading}>{t('fill.milestones')}</h3>
          <ul className={styles.milestones}>
            {milestones.map((milestone) => {
              return (
                <li
                  key={milestone.percent}
                  className={milestone.reached ? styles.milestoneReached : styles.milestone}
                >
                  <PublicIcon name={milestone.reached ? 'check' : 'flag'} />
                  <span>
                    {t('fill.milestone', {
                      percent: formatNumber(milestone.percent, language),
                      label: milestone.label,
                    })}{' '}
                    <span className={styles.milestoneState}>
                      ({milestone.reached ? t('fill.reached') : t('fill.notReached')})
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

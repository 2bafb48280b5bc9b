import styles from './competitions.module.css';

/** A small bar for a percent (0–100, more is shown full); the figure beside it is what is read aloud. */
export function ProgressBar({ percent }: { percent: number }) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div className={styles.bar} aria-hidden="true">
      <div className={styles.barFill} style={{ width: `${width}%` }} />
    </div>
  );
}

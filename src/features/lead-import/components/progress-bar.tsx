import layout from '@/components/page.module.css';
import styles from './importer.module.css';

/** A determinate progress bar (0–100) with its current step as text. */
export function ProgressBar({ label, text, value }: { label: string; text: string; value: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} ${percent} %`}
        className={styles.track}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
      <p className={layout.muted} aria-live="polite">
        {text} {percent} %
      </p>
    </div>
  );
}

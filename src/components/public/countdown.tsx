import { useId } from 'react';
import { countdownParts } from '@/lib/public/oslo-time';
import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

type CountdownProps = {
  /** The moment counted down to. */
  target: string;
  now: Date;
  /** What opens, in the area's words («Neste luke åpner om»). */
  label: string;
  /** The moment said once, in words («Luke 5 åpner 5. desember kl. 08:00.»). */
  note: string;
};

/**
 * Time left to a moment, from the database's clock (the container ticks `now` from it). `role="timer"`
 * is not announced every second; the note below it says the moment once.
 */
export function Countdown({ target, now, label, note }: CountdownProps) {
  const { t } = usePublicTexts(sharedPublicTexts);
  const labelId = useId();
  return (
    <div>
      <p className={styles.label} id={labelId}>
        {label}
      </p>
      <p className={styles.timer} role="timer" aria-labelledby={labelId}>
        {t('countdown.parts', countdownParts(target, now))}
      </p>
      <p className={styles.hint}>{note}</p>
    </div>
  );
}

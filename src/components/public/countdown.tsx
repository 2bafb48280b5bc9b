import { countdownParts } from '@/lib/public/oslo-time';
import styles from './calendar-public.module.css';
import { useCalendarTexts, useWhen } from './calendar-texts';

type CountdownProps = {
  /** The moment counted down to. */
  target: string;
  now: Date;
  /** `firstDoor` before the calendar starts, `nextDoor` while it runs. */
  kind: 'firstDoor' | 'nextDoor';
  day: number;
};

/**
 * Time left to a door, from the database's clock (the container ticks `now` from it). `role="timer"`
 * is not announced every second; the sentence below it says the moment once.
 */
export function Countdown({ target, now, kind, day }: CountdownProps) {
  const { t } = useCalendarTexts();
  const when = useWhen();
  const parts = countdownParts(target, now);
  return (
    <div>
      <p className={styles.label} id={`countdown-${day}`}>
        {t(`countdown.${kind}`)}
      </p>
      <p className={styles.timer} role="timer" aria-labelledby={`countdown-${day}`}>
        {t('countdown.parts', parts)}
      </p>
      <p className={styles.hint}>{t('countdown.opensAt', { day, when: when(target) })}</p>
    </div>
  );
}

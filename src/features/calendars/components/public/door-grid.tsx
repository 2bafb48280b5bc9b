import { useState } from 'react';
import type { PublicDoorSlot } from '../../types';
import { currentDoor, doorStateAt } from '../../utils/door-times';
import styles from './calendar-public.module.css';
import { useCalendarTexts, useWhen } from './calendar-texts';

export type DoorGridProps = {
  doors: PublicDoorSlot[];
  now: Date;
  /** Off: a closed door's content is hidden again, so it cannot be opened. */
  showPastDoors: boolean;
  /** Doors as links (the hosted page: each door has its own address)… */
  doorHref?: (day: number) => string;
  /** …or as buttons (the iframe and the preview open the door in place). */
  onOpenDoor?: (day: number) => void;
};

/**
 * The doors: locked ones say when they open, today's stands out, closed ones can still be read when
 * the calendar shows past doors. Every door is a real link or button with a name that says all that
 * («Luke 5, åpner 5. desember kl. 08:00»); a locked door stays focusable and, pressed, says when it opens.
 */
export function DoorGrid({ doors, now, showPastDoors, doorHref, onOpenDoor }: DoorGridProps) {
  const { t } = useCalendarTexts();
  const when = useWhen();
  const [notice, setNotice] = useState('');
  const today = currentDoor(doors, now)?.day_number;

  return (
    <section aria-labelledby="calendar-doors-heading">
      <h2 id="calendar-doors-heading" className={styles.heading}>
        {t('grid.heading')}
      </h2>
      <ul className={styles.grid}>
        {doors.map((door) => {
          const state = doorStateAt(door, now);
          const day = door.day_number;
          const isToday = day === today;
          const readable = state === 'open' || (state === 'closed' && showPastDoors);
          const name =
            state === 'locked'
              ? t('grid.locked', { day, when: when(door.opens_at) })
              : state === 'closed'
                ? t(showPastDoors ? 'grid.closedViewable' : 'grid.closed', { day })
                : t(isToday ? 'grid.today' : 'grid.open', { day });
          const className = [
            styles.door,
            state === 'locked' ? styles.locked : '',
            state === 'closed' ? styles.closed : '',
            isToday ? styles.today : '',
          ].join(' ');
          const face = (
            <>
              <span className={styles.doorNumber} aria-hidden="true">
                {day}
              </span>
              {isToday ? (
                <span className={styles.badge} aria-hidden="true">
                  {t('grid.todayBadge')}
                </span>
              ) : null}
            </>
          );
          return (
            <li key={day}>
              {readable && doorHref ? (
                <a
                  className={className}
                  href={doorHref(day)}
                  aria-label={name}
                  aria-current={isToday ? 'date' : undefined}
                  data-state={state}
                  data-day={day}
                >
                  {face}
                </a>
              ) : (
                <button
                  type="button"
                  className={className}
                  aria-label={name}
                  aria-disabled={readable ? undefined : true}
                  aria-current={isToday ? 'date' : undefined}
                  data-state={state}
                  data-day={day}
                  onClick={() => {
                    if (readable) {
                      setNotice('');
                      onOpenDoor?.(day);
                    } else
                      setNotice(
                        state === 'locked'
                          ? t('grid.lockedNotice', { day, when: when(door.opens_at) })
                          : t('grid.closedNotice', { day }),
                      );
                  }}
                >
                  {face}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className={styles.hint}>
        {notice}
      </p>
    </section>
  );
}

import { type Ref, useEffect, useRef, useState } from 'react';
import { osloLongDate } from '@/lib/public/oslo-time';
import type { Participation, PublicDoorSlot } from '../../types';
import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

type ParticipationViewProps = {
  participation: Participation;
  /** The calendar's grid, for the doors left; null when it could not be read. */
  doors: PublicDoorSlot[] | null;
  now: Date;
  calendarHref: string;
  notice: { text: string; error?: boolean } | null;
  noticeRef?: Ref<HTMLParagraphElement>;
  onUnsubscribe: () => Promise<void>;
  onDelete: () => Promise<void>;
};

/** The participant's own data and the two things they can do with it. */
export function ParticipationView(props: ParticipationViewProps) {
  const { participation, doors, now, notice, noticeRef } = props;
  const { t, language } = useCalendarTexts();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The confirmation takes focus on its safe answer: the question is read out, and an Enter pressed
  // too soon keeps the data.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);
  const entered = new Set(participation.entries.map((entry) => entry.day_number));
  const left = doors?.filter(
    (door) => !entered.has(door.day_number) && Date.parse(door.closes_at) > now.getTime(),
  ).length;
  const onOff = (value: boolean) => (value ? t('participation.on') : t('participation.off'));
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <header className={styles.panel}>
        <h1 className={styles.title}>{t('participation.heading', { name: participation.calendar_name })}</h1>
        {left !== undefined ? (
          <p>
            {t(left === 1 ? 'participation.doorsLeft_one' : 'participation.doorsLeft_other', { count: left })}
          </p>
        ) : null}
        <p>
          <a className={styles.link} href={props.calendarHref}>
            {t('participation.toCalendar')}
          </a>
        </p>
      </header>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.error ? 'alert' : 'status'}
        className={notice ? `${styles.panel} ${notice.error ? styles.error : ''}` : undefined}
      >
        {notice?.text ?? ''}
      </p>
      <section className={styles.panel} aria-labelledby="participation-details">
        <h2 id="participation-details" className={styles.heading}>
          {t('participation.details')}
        </h2>
        <dl>
          <dt className={styles.label}>{t('participation.email')}</dt>
          <dd>{participation.email}</dd>
          <dt className={styles.label}>{t('participation.name')}</dt>
          <dd>{participation.name ?? t('participation.none')}</dd>
          <dt className={styles.label}>{t('participation.phone')}</dt>
          <dd>{participation.phone ?? t('participation.none')}</dd>
          <dt className={styles.label}>{t('participation.reminders')}</dt>
          <dd>{onOff(participation.reminders_opt_in)}</dd>
          <dt className={styles.label}>{t('participation.marketing')}</dt>
          <dd>{onOff(participation.marketing_consent)}</dd>
        </dl>
        {participation.reminders_opt_in || participation.marketing_consent ? (
          <button
            type="button"
            className={`${styles.button} ${styles.secondary}`}
            disabled={busy}
            onClick={() => void run(props.onUnsubscribe)}
          >
            {t('participation.unsubscribe')}
          </button>
        ) : null}
      </section>
      <section className={styles.panel} aria-labelledby="participation-entries">
        <h2 id="participation-entries" className={styles.heading}>
          {t('participation.entries')}
        </h2>
        {participation.entries.length === 0 ? (
          <p>{t('participation.noEntries')}</p>
        ) : (
          <ul className={styles.list}>
            {participation.entries.map((entry) => (
              <li key={entry.day_number}>
                <strong>{t('participation.entry', { day: entry.day_number })}</strong> (
                {osloLongDate(entry.created_at, language)})
                {entry.answer ? ` – ${t('participation.answer', { answer: entry.answer })}` : ''}
                {entry.is_correct === null
                  ? ''
                  : ` – ${entry.is_correct ? t('participation.right') : t('participation.wrong')}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="participation-delete">
        <h2 id="participation-delete" className={styles.heading}>
          {t('participation.delete')}
        </h2>
        {confirming ? (
          <div role="group" aria-labelledby="participation-delete-confirm">
            <p id="participation-delete-confirm">{t('participation.deleteConfirm')}</p>
            <div className={styles.actions}>
              <button
                type="button"
                className={`${styles.button} ${styles.danger}`}
                disabled={busy}
                onClick={() => void run(props.onDelete)}
              >
                {t('participation.deleteYes')}
              </button>
              <button
                type="button"
                className={`${styles.button} ${styles.secondary}`}
                onClick={() => setConfirming(false)}
                ref={cancelButton}
              >
                {t('participation.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className={`${styles.button} ${styles.danger}`}
            onClick={() => setConfirming(true)}
          >
            {t('participation.delete')}
          </button>
        )}
      </section>
    </>
  );
}

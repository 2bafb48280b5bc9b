import { useId } from 'react';
import ui from '@/components/public/public-ui.module.css';
import { osloTime } from '@/lib/public/oslo-time';
import { failureText } from '@/lib/public/public-texts';
import type { BookingSlot, SlotDay } from './booking-api';
import { useBookingTexts } from './booking-texts';
import { addMonths, dayName, differsFromOslo, localTime, monthGrid, monthName } from './booking-time';
import styles from './booking.module.css';

import { type MonthSlots } from './use-month-slots';

/** A Monday-first month: the days with free times are buttons, the others plain numbers. */
export function DayPicker({
  slots,
  selected,
  onPick,
}: {
  slots: MonthSlots;
  selected: string | null;
  onPick: (day: SlotDay) => void;
}) {
  const { t, language } = useBookingTexts();
  const id = useId();
  const { month, status } = slots;
  const { blanks, dates } = monthGrid(month);
  const free = new Map(slots.days.map((day) => [day.date, day]));
  return (
    <div className={styles.month}>
      <div className={styles.monthBar}>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={month <= slots.earliest}
          onClick={() => slots.setMonth(addMonths(month, -1))}
          aria-label={t('day.previous')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={`${id}-month`} className={styles.monthName} aria-live="polite">
          {monthName(month, language)}
        </p>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={month >= slots.latest}
          onClick={() => slots.setMonth(addMonths(month, 1))}
          aria-label={t('day.next')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {status === 'loading' ? (
        <p role="status">{t('day.loading')}</p>
      ) : status !== 'ready' ? (
        <div role="alert" className={ui.actions}>
          <p>{failureText(t, status.code)}</p>
          <button type="button" className={ui.button} onClick={slots.reload}>
            {t('retry')}
          </button>
        </div>
      ) : free.size === 0 ? (
        <p role="status">{t('day.none', { month: monthName(month, language) })}</p>
      ) : null}
      <div className={styles.grid} role="group" aria-labelledby={`${id}-month`}>
        {t('day.weekdays')
          .split(',')
          .map((weekday) => (
            <span key={weekday} className={styles.weekday} aria-hidden="true">
              {weekday}
            </span>
          ))}
        {Array.from({ length: blanks }, (_, index) => (
          <span key={`blank-${index}`} aria-hidden="true" />
        ))}
        {dates.map((date) => {
          const day = free.get(date);
          const number = Number(date.slice(8));
          return day ? (
            <button
              key={date}
              type="button"
              className={styles.day}
              aria-pressed={date === selected}
              aria-label={`${dayName(date, language)}, ${t('day.free', { count: day.slots.length })}`}
              onClick={() => onPick(day)}
            >
              {number}
            </button>
          ) : (
            <span key={date} className={styles.closed} aria-hidden="true">
              {number}
            </span>
          );
        })}
      </div>
    </div>
  );
}

/** A day's free times in Oslo's 24-hour time, with the visitor's own beside each when it differs. */
export function TimePicker({
  day,
  seats,
  selected,
  onPick,
}: {
  day: SlotDay | null;
  seats: number;
  selected: string | null;
  onPick: (slot: BookingSlot) => void;
}) {
  const { t, language } = useBookingTexts();
  if (!day || day.slots.length === 0) return <p role="status">{t('time.none')}</p>;
  const abroad = differsFromOslo(
    day.slots.map((slot) => slot.start),
    language,
  );
  return (
    <>
      {abroad ? <p className={ui.hint}>{t('time.osloNote')}</p> : null}
      <ul className={styles.times}>
        {day.slots.map((slot) => {
          const time = osloTime(slot.start, language);
          const local = localTime(slot.start, language);
          return (
            <li key={slot.start}>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.time}`}
                aria-pressed={slot.start === selected}
                onClick={() => onPick(slot)}
              >
                {local ? t('time.local', { time, local }) : time}
                {seats > 1 ? (
                  <span className={ui.hint}> · {t('time.seatsLeft', { count: slot.seats_left })}</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

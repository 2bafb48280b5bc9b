import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import type { BookingListItem } from '../../api/types';
import styles from './calendar.module.css';

export type CalendarColumn = {
  key: string;
  /** The column's head: a day («man. 19.10.») or a staff member. */
  label: string;
  bookings: readonly { booking: BookingListItem; start: number; end: number }[];
};

type CalendarGridProps = {
  label: string;
  columns: readonly CalendarColumn[];
  /** The first and last whole hour shown. */
  hours: { first: number; last: number };
  /** Also say the staff member on each booking (the week view, where columns are days). */
  showStaff: boolean;
  onOpen: (booking: BookingListItem) => void;
};

const MINUTES = (hour: number) => hour * 60;

/**
 * A hand-written time grid: a column per day or staff member, 24-hour times down the side, each
 * booking a button placed by its Oslo wall-clock times (in time order, so Tab walks the day). The
 * status is said in words; a cancelled booking is also drawn dashed.
 */
export function CalendarGrid({ label, columns, hours, showStaff, onOpen }: CalendarGridProps) {
  const { t } = useTranslation('booking');
  const span = MINUTES(hours.last - hours.first);
  const hourList = Array.from({ length: hours.last - hours.first }, (_, index) => hours.first + index);
  const style = { '--columns': columns.length, '--hours': hours.last - hours.first } as CSSProperties;
  return (
    // The grid may be wider than a phone: its region scrolls and takes focus for the arrow keys.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      <div className={styles.grid} style={style}>
        <div className={styles.corner} aria-hidden />
        {columns.map((column) => (
          <div key={column.key} className={styles.head} aria-hidden>
            {column.label}
          </div>
        ))}
        <div className={styles.times} aria-hidden>
          {hourList.map((hour) => (
            <span key={hour}>{`${String(hour).padStart(2, '0')}:00`}</span>
          ))}
        </div>
        {columns.map((column) => (
          <div key={column.key} className={styles.column}>
            <h3 className="visually-hidden">{column.label}</h3>
            {column.bookings.length === 0 ? (
              <p className="visually-hidden">{t('calendar.noBookings')}</p>
            ) : (
              <ol className={styles.bookings}>
                {column.bookings.map(({ booking, start, end }) => (
                  <li
                    key={booking.id}
                    style={{
                      top: `${(Math.max(start - MINUTES(hours.first), 0) / span) * 100}%`,
                      height: `${((Math.min(end, MINUTES(hours.last)) - Math.max(start, MINUTES(hours.first))) / span) * 100}%`,
                    }}
                  >
                    <button
                      type="button"
                      className={styles.booking}
                      data-status={booking.status}
                      onClick={() => onOpen(booking)}
                    >
                      <span className={styles.time}>
                        {formatTime(booking.start)}–{formatTime(booking.end)}
                      </span>{' '}
                      <span>{booking.personName ?? booking.personEmail}</span>{' '}
                      <span className={styles.service}>{booking.serviceName}</span>
                      {showStaff ? <span className={styles.service}> · {booking.staffName}</span> : null}
                      {booking.status !== 'confirmed' ? (
                        <span className={styles.status}> ({t(`bookingStatus.${booking.status}`)})</span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

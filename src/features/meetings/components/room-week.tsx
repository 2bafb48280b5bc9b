import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import layout from '@/components/page.module.css';
import { addDays, formatDate, formatTime, osloDateKey, weekdayNames } from '@/lib/format';
import type { RoomBooking } from '../api/get-room-bookings';
import { isoWeekday, type OpeningHours } from '../utils/room-hours';
import styles from './meetings.module.css';

/** Check-in opens this long before a booking starts (check_in_room_booking). */
export const CHECK_IN_OPENS_MS = 15 * 60_000;

type RoomWeekProps = {
  /** The first day shown (a Monday for a week), `yyyy-mm-dd`. */
  from: string;
  days: number;
  hours: OpeningHours;
  bookings: readonly RoomBooking[];
  now: Date;
  userId: string;
  /** An owner or admin: may cancel anyone's booking. */
  manager: boolean;
  onCheckIn: (booking: RoomBooking) => void;
  onCancel: (booking: RoomBooking) => void;
  /** Opens the booking dialog at that day's opening (or 09:00). */
  onBook: (dateKey: string) => void;
};

/** A room's day or week, Monday first, 24-hour Oslo time: each day's hours and bookings, in order. */
export function RoomWeek({
  from,
  days,
  hours,
  bookings,
  now,
  userId,
  manager,
  onCheckIn,
  onCancel,
  onBook,
}: RoomWeekProps) {
  const { t } = useTranslation('meetings');
  const names = weekdayNames('long');
  const todayKey = osloDateKey(now);
  const dayKeys = Array.from({ length: days }, (_, index) => addDays(from, index));

  const cancel = async (booking: RoomBooking) => {
    const sure = await confirm({
      title: t('week.cancelConfirm', { title: booking.title }),
      confirmLabel: t('week.cancel'),
      tone: 'danger',
    });
    if (sure) onCancel(booking);
  };

  return (
    <div className={styles.week}>
      {dayKeys.map((dateKey) => {
        const weekday = isoWeekday(dateKey);
        const open = hours[weekday];
        const dayBookings = bookings.filter((booking) => osloDateKey(booking.starts_at) === dateKey);
        const headingId = `room-day-${dateKey}`;
        return (
          <section
            key={dateKey}
            aria-labelledby={headingId}
            className={dateKey === todayKey ? `${styles.day} ${styles.today}` : styles.day}
          >
            <h2 id={headingId}>
              {t('week.day', {
                weekday: names[Number(weekday) - 1],
                date: formatDate(`${dateKey}T12:00:00Z`),
              })}
              {dateKey === todayKey ? ` (${t('week.today')})` : ''}
            </h2>
            <p className={layout.muted}>
              {open ? t('week.open', { opens: open.opens, closes: open.closes }) : t('week.closed')}
            </p>
            {dayBookings.length === 0 ? (
              <p className={layout.muted}>{t('week.noBookings')}</p>
            ) : (
              <ul className={styles.bookings}>
                {dayBookings.map((booking) => {
                  const start = new Date(booking.starts_at);
                  const end = new Date(booking.ends_at);
                  const canCheckIn =
                    !booking.checked_in_at &&
                    now.getTime() >= start.getTime() - CHECK_IN_OPENS_MS &&
                    now < end;
                  const canCancel = (booking.booked_by === userId || manager) && now < end;
                  return (
                    <li key={booking.id} className={styles.booking}>
                      <strong>{t('week.span', { start: formatTime(start), end: formatTime(end) })}</strong>
                      <span>{booking.title}</span>
                      <span>
                        {booking.checked_in_at ? (
                          <Badge tone="success">{t('week.checkedIn')}</Badge>
                        ) : (
                          <Badge>{t('week.notCheckedIn')}</Badge>
                        )}
                      </span>
                      <div className={layout.actions}>
                        {canCheckIn ? (
                          <Button size="sm" onClick={() => onCheckIn(booking)}>
                            {t('week.checkIn')}
                            <span className="visually-hidden"> «{booking.title}»</span>
                          </Button>
                        ) : null}
                        {canCancel ? (
                          <Button size="sm" variant="ghost" onClick={() => void cancel(booking)}>
                            {t('week.cancel')}
                            <span className="visually-hidden"> «{booking.title}»</span>
                          </Button>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            {open && dateKey >= todayKey ? (
              <div>
                <Button size="sm" variant="secondary" onClick={() => onBook(dateKey)}>
                  {t('week.book')}
                  <span className="visually-hidden">
                    {' '}
                    {t('week.bookOn', { date: formatDate(`${dateKey}T12:00:00Z`) })}
                  </span>
                </Button>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

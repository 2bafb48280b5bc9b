import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { addDays, formatLongDate, osloDateKey, osloDayStart } from '@/lib/format';
import { bookingsQueryOptions } from '../../api/get-bookings';
import type { BookingListItem, BookingSolutionSetup } from '../../api/types';
import { daysOf, hoursShown, isoWeek, placeOf, rangeOfDays, type CalendarView } from '../../utils/calendar';
import styles from '../booking.module.css';
import { BookingDialog } from './booking-dialog';
import { CalendarGrid, type CalendarColumn } from './calendar-grid';
import calendarStyles from './calendar.module.css';

const dayHead = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  weekday: 'short',
  day: 'numeric',
  month: 'numeric',
});

/**
 * «Kalender»: a day (a column per staff member) or a week (a column per day, Monday first, one staff
 * member or all), 24-hour Oslo times; «Forrige», «I dag», «Neste» move it, and the range is announced.
 */
export function CalendarSection({
  solution,
  canManage,
  today = osloDateKey(new Date()),
}: {
  solution: BookingSolutionSetup;
  canManage: boolean;
  /** Where the calendar opens (today), for tests. */
  today?: string;
}) {
  const { t } = useTranslation('booking');
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [staffId, setStaffId] = useState('');
  const [open, setOpen] = useState<BookingListItem | null>(null);
  const days = daysOf(view, anchor);
  const range = rangeOfDays(days);
  const bookings = useQuery(bookingsQueryOptions(solution.id, range.from, range.to));

  const placed = (bookings.data ?? [])
    .filter((booking) => view === 'day' || staffId === '' || booking.staffId === staffId)
    .map((booking) => ({ booking, ...placeOf(booking) }));
  const spans = solution.availability.filter(
    (span) => view === 'day' || staffId === '' || span.staff_id === staffId,
  );
  const hours = hoursShown(spans, placed);

  const columns: CalendarColumn[] =
    view === 'week'
      ? days.map((day) => ({
          key: day,
          label: dayHead.format(osloDayStart(day).getTime() + 12 * 3_600_000),
          bookings: placed.filter((entry) => entry.day === day),
        }))
      : solution.staff.map((staff) => ({
          key: staff.id,
          label: staff.name,
          bookings: placed.filter((entry) => entry.booking.staffId === staff.id),
        }));

  const rangeText =
    view === 'day'
      ? formatLongDate(osloDayStart(anchor).getTime() + 12 * 3_600_000)
      : t('calendar.weekRange', {
          week: isoWeek(anchor),
          from: formatLongDate(osloDayStart(days[0] ?? anchor).getTime() + 12 * 3_600_000),
          to: formatLongDate(osloDayStart(days[6] ?? anchor).getTime() + 12 * 3_600_000),
        });
  const step = view === 'day' ? 1 : 7;

  return (
    <section className={styles.section} aria-labelledby="booking-calendar-heading">
      <h2 id="booking-calendar-heading">{t('calendar.title')}</h2>
      <div className={calendarStyles.toolbar}>
        <Button variant="secondary" onClick={() => setAnchor(addDays(anchor, -step))}>
          <ChevronLeft aria-hidden /> {t(`calendar.previous.${view}`)}
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(today)}>
          {t('calendar.today')}
        </Button>
        <Button variant="secondary" onClick={() => setAnchor(addDays(anchor, step))}>
          {t(`calendar.next.${view}`)} <ChevronRight aria-hidden />
        </Button>
        <NativeSelect
          label={t('calendar.view')}
          value={view}
          onChange={(event) => setView(event.target.value === 'day' ? 'day' : 'week')}
          options={[
            { value: 'week', label: t('calendar.week') },
            { value: 'day', label: t('calendar.day') },
          ]}
        />
        {view === 'week' ? (
          <NativeSelect
            label={t('bookings.staff')}
            value={staffId}
            onChange={(event) => setStaffId(event.target.value)}
            options={[
              { value: '', label: t('bookings.all') },
              ...solution.staff.map((staff) => ({ value: staff.id, label: staff.name })),
            ]}
          />
        ) : null}
      </div>
      <p className={calendarStyles.range} aria-live="polite">
        {rangeText}
      </p>
      <FormStatus error={bookings.error} />
      <CalendarGrid
        label={t('calendar.gridLabel', { range: rangeText })}
        columns={columns}
        hours={hours}
        showStaff={view === 'week'}
        onOpen={setOpen}
      />
      <BookingDialog
        solutionId={solution.id}
        booking={open}
        canManage={canManage}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Ban, CheckCircle2, Download, Undo2, UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { actionsColumn, statusColumn } from '@/components/list-columns';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import type { RowAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import { Table, type TableColumn } from '@/components/table';
import { csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { addDays, formatDate, formatTime, osloDateKey, osloDayStart } from '@/lib/format';
import { useCancelBooking } from '../../api/cancel-booking';
import { bookingsQueryOptions } from '../../api/get-bookings';
import { useSetBookingStatus } from '../../api/set-booking-status';
import type { BookingListItem, BookingSolutionSetup, BookingStatus } from '../../api/types';
import { bookingsCsv } from '../../utils/bookings-csv';
import styles from '../booking.module.css';
import { BookingAnswers } from './booking-answers';
import { BookingStatusBadge } from './booking-status-badge';
import { cancelResult, confirmCancel, refundText } from './cancel-booking';

const WHEN = ['upcoming', 'past'] as const;
type When = (typeof WHEN)[number];
const STATUSES = ['confirmed', 'pending_payment', 'no_show', 'cancelled'] as const;
/** How far each list reaches: a year ahead, a year back. */
const REACH_DAYS = 366;

/** The list's range as whole Oslo days, so the query's key holds still while the page is open. */
function rangeOf(when: When, today: string) {
  return when === 'upcoming'
    ? { from: osloDayStart(today).toISOString(), to: osloDayStart(addDays(today, REACH_DAYS)).toISOString() }
    : {
        from: osloDayStart(addDays(today, -REACH_DAYS)).toISOString(),
        to: osloDayStart(addDays(today, 1)).toISOString(),
      };
}

/**
 * «Bestillinger»: the solution's upcoming bookings (soonest first) or past ones (latest first),
 * filtered by staff, service and status; owners and admins mark a no-show or cancel; the CSV holds
 * the rows shown.
 */
export function BookingsSection({
  solution,
  canManage,
}: {
  solution: BookingSolutionSetup;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('booking');
  const texts = { t, language: i18n.language };
  const [when, setWhen] = useState<When>('upcoming');
  const [staffId, setStaffId] = useState('');
  const [serviceId, setServiceId] = useState('');
  const [status, setStatus] = useState('');
  // The moment the section opened: what is past and upcoming, held still while it is open.
  const [now] = useState(() => Date.now());
  const today = osloDateKey(now);
  const range = rangeOf(when, today);
  const bookings = useQuery(bookingsQueryOptions(solution.id, range.from, range.to));
  const setBookingStatus = useSetBookingStatus(solution.id);
  const cancel = useCancelBooking(solution.id);

  const rows = useMemo(() => {
    const inWhen = (booking: BookingListItem) =>
      when === 'upcoming' ? Date.parse(booking.end) > now : Date.parse(booking.end) <= now;
    const shown = (bookings.data ?? []).filter(
      (booking) =>
        inWhen(booking) &&
        (staffId === '' || booking.staffId === staffId) &&
        (serviceId === '' || booking.serviceId === serviceId) &&
        (status === '' || booking.status === status),
    );
    return when === 'past' ? shown.reverse() : shown;
  }, [bookings.data, when, staffId, serviceId, status, now]);

  // The organization's cancel (and a failed refund's retry): the booking function e-mails and refunds.
  const cancelBooking = async (booking: BookingListItem) => {
    if (!(await confirmCancel(texts, booking))) return;
    cancel.mutate(booking.id, {
      onSuccess: (answer) => {
        const { tone, message } = cancelResult(texts, booking, answer);
        notify({ message, tone });
      },
    });
  };

  const change = (booking: BookingListItem, next: Exclude<BookingStatus, 'cancelled' | 'pending_payment'>) =>
    setBookingStatus.mutate(
      { bookingId: booking.id, status: next },
      {
        onSuccess: () =>
          notify({
            message: t(`bookings.changed.${next}`, { name: booking.personName ?? booking.personEmail }),
            tone: 'success',
          }),
      },
    );

  // A booking waiting for payment is moved only by its payment (the database refuses the rest).
  const actionsOf = (booking: BookingListItem): (RowAction | false)[] => [
    booking.status !== 'pending_payment' &&
      booking.status !== 'no_show' &&
      Date.parse(booking.start) <= now && {
        label: t('bookings.markNoShow'),
        icon: <UserX />,
        onSelect: () => change(booking, 'no_show'),
      },
    booking.status !== 'confirmed' &&
      booking.status !== 'pending_payment' && {
        label: t('bookings.confirmAgain'),
        icon: <CheckCircle2 />,
        onSelect: () => change(booking, 'confirmed'),
      },
    booking.status === 'confirmed' && {
      label: t('bookings.cancel'),
      icon: <Ban />,
      tone: 'danger',
      onSelect: () => void cancelBooking(booking),
    },
    booking.status === 'cancelled' &&
      booking.refundableOre > 0 && {
        label: t('bookings.refund', { amount: refundText(texts, booking) }),
        icon: <Undo2 />,
        tone: 'danger',
        onSelect: () => void cancelBooking(booking),
      },
  ];

  const columns: TableColumn<BookingListItem>[] = [
    {
      key: 'when',
      header: t('bookings.when'),
      card: 'title',
      cell: (booking) =>
        t('bookings.whenValue', {
          date: formatDate(booking.start),
          start: formatTime(booking.start),
          end: formatTime(booking.end),
        }),
    },
    {
      key: 'person',
      header: t('bookings.person'),
      cell: (booking) => (
        <>
          {booking.personName ?? booking.personEmail}
          {booking.personName ? (
            <>
              <br />
              <a href={`mailto:${booking.personEmail}`}>{booking.personEmail}</a>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'service', header: t('bookings.service'), cell: (booking) => booking.serviceName },
    { key: 'staff', header: t('bookings.staff'), cell: (booking) => booking.staffName },
    ...(rows.some((booking) => booking.answerList.length > 0)
      ? [
          {
            key: 'answers',
            header: t('bookings.answers'),
            cell: (booking: BookingListItem) => <BookingAnswers answers={booking.answerList} />,
          },
        ]
      : []),
    statusColumn(t('bookings.status'), (booking) => (
      <BookingStatusBadge status={booking.status} orderStatus={booking.orderStatus} />
    )),
    ...(canManage
      ? [
          actionsColumn(t('bookings.actions'), (booking: BookingListItem) => (
            <RowMenu
              label={t('bookings.rowActions', { name: booking.personName ?? booking.personEmail })}
              actions={actionsOf(booking)}
            />
          )),
        ]
      : []),
  ];

  const exportCsv = () =>
    downloadFile(
      csvFileName(solution.name, 'bestillinger', 'booking', today),
      bookingsCsv(rows, t('bookings.csv', { returnObjects: true }), (booking) =>
        t(`bookingStatus.${booking.status}`),
      ),
    );

  const all = { value: '', label: t('bookings.all') };
  return (
    <section className={styles.section} aria-labelledby="booking-list-heading">
      <h2 id="booking-list-heading">{t('bookings.title')}</h2>
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <NativeSelect
            label={t('bookings.show')}
            value={when}
            onChange={(event) => setWhen(event.target.value === 'past' ? 'past' : 'upcoming')}
            options={WHEN.map((value) => ({ value, label: t(`bookings.${value}`) }))}
          />
          <NativeSelect
            label={t('bookings.staff')}
            value={staffId}
            onChange={(event) => setStaffId(event.target.value)}
            options={[all, ...solution.staff.map((staff) => ({ value: staff.id, label: staff.name }))]}
          />
          <NativeSelect
            label={t('bookings.service')}
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            options={[
              all,
              ...solution.services.map((service) => ({ value: service.id, label: service.name })),
            ]}
          />
          <NativeSelect
            label={t('bookings.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={[all, ...STATUSES.map((value) => ({ value, label: t(`bookingStatus.${value}`) }))]}
          />
        </div>
        {rows.length > 0 ? (
          <Button variant="secondary" onClick={exportCsv}>
            <Download aria-hidden /> {t('bookings.export')}
          </Button>
        ) : null}
      </div>
      <FormStatus error={bookings.error ?? setBookingStatus.error ?? cancel.error} />
      <Table
        caption={t(`bookings.caption.${when}`)}
        hideCaption
        columns={columns}
        rows={rows}
        rowKey={(booking) => booking.id}
        loadingRows={bookings.isPending ? 3 : undefined}
        empty={t(`bookings.empty.${when}`)}
      />
    </section>
  );
}

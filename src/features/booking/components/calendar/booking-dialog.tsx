import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { PhoneLink } from '@/components/phone-link';
import { formatLongDate, formatTime } from '@/lib/format';
import { useSetBookingStatus } from '../../api/set-booking-status';
import type { BookingListItem, BookingStatus } from '../../api/types';
import { BookingAnswers } from '../bookings/booking-answers';
import { BookingStatusBadge } from '../bookings/booking-status-badge';

/** A booking's detail from the calendar: when, what, with whom, who; owners and admins change its status. */
export function BookingDialog({
  solutionId,
  booking,
  canManage,
  onClose,
}: {
  solutionId: string;
  booking: BookingListItem | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const setStatus = useSetBookingStatus(solutionId);
  const change = (status: BookingStatus) =>
    booking && setStatus.mutate({ bookingId: booking.id, status }, { onSuccess: onClose });
  const [now] = useState(() => Date.now());
  const started = booking ? Date.parse(booking.start) <= now : false;
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={booking ? (booking.personName ?? booking.personEmail) : ''}
      footer={
        booking && canManage ? (
          <>
            {booking.status !== 'no_show' && started ? (
              <Button variant="secondary" onClick={() => change('no_show')} loading={setStatus.isPending}>
                {t('bookings.markNoShow')}
              </Button>
            ) : null}
            {booking.status === 'confirmed' ? (
              <Button variant="danger" onClick={() => change('cancelled')} loading={setStatus.isPending}>
                {t('bookings.cancel')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => change('confirmed')} loading={setStatus.isPending}>
                {t('bookings.confirmAgain')}
              </Button>
            )}
          </>
        ) : null
      }
    >
      {booking ? (
        <>
          <DescriptionList
            items={[
              {
                term: t('bookings.when'),
                value: `${formatLongDate(booking.start)} ${formatTime(booking.start)}–${formatTime(booking.end)}`,
              },
              { term: t('bookings.service'), value: booking.serviceName },
              { term: t('bookings.staff'), value: booking.staffName },
              {
                term: t('bookings.email'),
                value: <a href={`mailto:${booking.personEmail}`}>{booking.personEmail}</a>,
              },
              ...(booking.personPhone
                ? [{ term: t('bookings.phone'), value: <PhoneLink phone={booking.personPhone} /> }]
                : []),
              { term: t('bookings.status'), value: <BookingStatusBadge status={booking.status} /> },
            ]}
          />
          <BookingAnswers answers={booking.answerList} />
          <FormStatus error={setStatus.error} />
        </>
      ) : null}
    </Dialog>
  );
}

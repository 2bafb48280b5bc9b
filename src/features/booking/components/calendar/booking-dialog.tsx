import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { Dialog } from '@/components/dialog';
import { FormStatus } from '@/components/form-status';
import { PhoneLink } from '@/components/phone-link';
import { formatLongDate, formatTime } from '@/lib/format';
import { useCancelBooking } from '../../api/cancel-booking';
import { useSetBookingStatus } from '../../api/set-booking-status';
import type { BookingListItem, BookingStatus } from '../../api/types';
import { BookingAnswers } from '../bookings/booking-answers';
import { BookingStatusBadge } from '../bookings/booking-status-badge';
import { cancelResult, confirmCancel, refundText } from '../bookings/cancel-booking';

/**
 * A booking's detail from the calendar: when, what, with whom, who; owners and admins change its status.
 * Their cancel goes through the booking function (the customer is e-mailed, a paid booking refunded),
 * asked first and answered here; a cancelled booking whose refund failed offers the refund again.
 */
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
  const { t, i18n } = useTranslation('booking');
  const texts = { t, language: i18n.language };
  const setStatus = useSetBookingStatus(solutionId);
  const cancel = useCancelBooking(solutionId);
  const change = (status: BookingStatus) =>
    booking && setStatus.mutate({ bookingId: booking.id, status }, { onSuccess: onClose });
  // The cancel's outcome, for the booking it was about (the dialog is reused for the next one).
  const [result, setResult] = useState<{ bookingId: string } & ReturnType<typeof cancelResult>>();
  const shown = booking && result?.bookingId === booking.id ? result : null;
  const cancelBooking = async () => {
    if (!booking || !(await confirmCancel(texts, booking))) return;
    cancel.mutate(booking.id, {
      onSuccess: (answer) => setResult({ bookingId: booking.id, ...cancelResult(texts, booking, answer) }),
    });
  };
  const [now] = useState(() => Date.now());
  const started = booking ? Date.parse(booking.start) <= now : false;
  const busy = setStatus.isPending || cancel.isPending;
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={booking ? (booking.personName ?? booking.personEmail) : ''}
      footer={
        booking && canManage && !shown ? (
          <>
            {booking.status !== 'no_show' && started ? (
              <Button variant="secondary" onClick={() => change('no_show')} loading={busy}>
                {t('bookings.markNoShow')}
              </Button>
            ) : null}
            {booking.status === 'cancelled' && booking.refundableOre > 0 ? (
              <Button variant="danger" onClick={() => void cancelBooking()} loading={busy}>
                {t('bookings.refund', { amount: refundText(texts, booking) })}
              </Button>
            ) : null}
            {booking.status === 'confirmed' ? (
              <Button variant="danger" onClick={() => void cancelBooking()} loading={busy}>
                {t('bookings.cancel')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => change('confirmed')} loading={busy}>
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
          <FormStatus error={setStatus.error ?? cancel.error} />
          {shown ? <FormStatus tone={shown.tone}>{shown.message}</FormStatus> : null}
        </>
      ) : null}
    </Dialog>
  );
}

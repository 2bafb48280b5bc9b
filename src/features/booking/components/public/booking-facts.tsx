import ui from '@/components/public/public-ui.module.css';
import type { BookingView } from './booking-api';
import { useBookingTexts } from './booking-texts';
import { useWhen } from './use-when';

/** A booking's service, time, staff member and (on the manage page) its status. */
export function BookingFacts({ booking, status = false }: { booking: BookingView; status?: boolean }) {
  const { t } = useBookingTexts();
  const when = useWhen();
  return (
    <dl className={ui.facts}>
      <div>
        <dt>{t('facts.service')}</dt>
        <dd>{booking.service_name}</dd>
      </div>
      <div>
        <dt>{t('facts.when')}</dt>
        <dd>{when(booking.start)}</dd>
      </div>
      <div>
        <dt>{t('facts.staff')}</dt>
        <dd>{booking.staff_name}</dd>
      </div>
      {status ? (
        <div>
          <dt>{t('facts.status')}</dt>
          <dd>{t(`status.${booking.status}`)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

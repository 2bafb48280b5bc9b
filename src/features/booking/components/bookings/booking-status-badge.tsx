import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { BookingStatus } from '../../api/types';

const TONE: Record<BookingStatus, BadgeTone> = {
  pending_payment: 'warning',
  confirmed: 'success',
  cancelled: 'neutral',
  no_show: 'warning',
};

/**
 * Venter på betaling, Bekreftet, Avbestilt or Møtte ikke: the word with its colour; a booking paid
 * online says «Betalt» beside it (its order paid).
 */
export function BookingStatusBadge({
  status,
  orderStatus = null,
}: {
  status: BookingStatus;
  orderStatus?: string | null;
}) {
  const { t } = useTranslation('booking');
  return (
    <>
      <Badge tone={TONE[status]}>{t(`bookingStatus.${status}`)}</Badge>
      {orderStatus === 'paid' ? (
        <>
          {' '}
          <Badge tone="info">{t('bookingStatus.paid')}</Badge>
        </>
      ) : null}
    </>
  );
}

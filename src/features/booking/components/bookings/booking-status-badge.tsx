import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { BookingStatus } from '../../api/types';

const TONE: Record<BookingStatus, BadgeTone> = {
  confirmed: 'success',
  cancelled: 'neutral',
  no_show: 'warning',
};

/** Bekreftet, Avbestilt or Møtte ikke: the word with its colour. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('booking');
  return <Badge tone={TONE[status]}>{t(`bookingStatus.${status}`)}</Badge>;
}

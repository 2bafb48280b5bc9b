import type { TFunction } from 'i18next';
import { confirm } from '@/components/dialog-store';
import type { CancelBookingAnswer } from '../../api/cancel-booking';
import type { BookingListItem } from '../../api/types';
import { formatPrice } from '../public/booking-price';

type Texts = { t: TFunction<'booking'>; language: string };

/** What the organization's cancel pays back, «1 250 kr». */
export const refundText = ({ language }: Texts, booking: BookingListItem) =>
  formatPrice(booking.refundableOre, language === 'en' ? 'en' : 'nb');

/** The question before the organization's cancel: «Avbestill og refunder 1 250 kr?» for a paid booking. */
export function confirmCancel(texts: Texts, booking: BookingListItem): Promise<boolean> {
  const { t } = texts;
  const name = booking.personName ?? booking.personEmail;
  const paid = booking.refundableOre > 0;
  return confirm({
    title: paid
      ? t('bookings.cancelRefundConfirm', { amount: refundText(texts, booking) })
      : t('bookings.cancelConfirm', { name }),
    description: paid ? t('bookings.cancelRefundConfirmBody', { name }) : t('bookings.cancelConfirmBody'),
    confirmLabel: paid ? t('bookings.cancelRefund') : t('bookings.cancel'),
    tone: 'danger',
  });
}

/** What the cancel did, in words: cancelled and told, with the refund made or failed. */
export function cancelResult(texts: Texts, booking: BookingListItem, answer: CancelBookingAnswer) {
  const name = booking.personName ?? booking.personEmail;
  return {
    tone: answer.refund === 'failed' ? ('error' as const) : ('success' as const),
    message: texts.t(`bookings.cancelled.${answer.refund}`, { name, amount: refundText(texts, booking) }),
  };
}

import { useId } from 'react';
import { osloLongDate, osloTime } from '@/lib/public/oslo-time';
import type { ParticipationEntry } from '@/lib/public/participation-api';
import { answersText } from '@/lib/public/participation-texts';
import type { PublicLanguage, Translate } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

// Kroner with øre, «1 490,00 kr». Here rather than the booking page's format: every public page's
// shared kit would carry a module both used.
const kroner = (ore: number, language: PublicLanguage) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nb-NO', { style: 'currency', currency: 'NOK' }).format(
    ore / 100,
  );

type BookingEntryProps = {
  entry: ParticipationEntry & { booking: NonNullable<ParticipationEntry['booking']> };
  t: Translate;
  language: PublicLanguage;
  when: (moment: string) => string;
};

/**
 * One of the person's bookings on their page: the service and its time in Oslo as the heading, then
 * who, the status in words, what was paid, the answers and when it was made, moved and cancelled.
 */
export function BookingEntry({ entry, t, language, when }: BookingEntryProps) {
  const id = useId();
  const booking = entry.booking;
  const answers = answersText(t, entry.form_answers);
  const paid = booking.paid_ore ?? 0;
  const refunded = booking.refunded_ore ?? 0;
  return (
    <article aria-labelledby={id}>
      <h5 id={id} className={styles.subheading}>
        {t('participation.booking.title', {
          service: booking.service,
          date: osloLongDate(booking.starts_at, language),
          start: osloTime(booking.starts_at, language),
          end: osloTime(booking.ends_at, language),
        })}
      </h5>
      <dl className={styles.facts}>
        <dt>{t('participation.booking.staff')}</dt>
        <dd>{booking.staff}</dd>
        <dt>{t('participation.booking.status')}</dt>
        <dd>{t(`participation.booking.statuses.${booking.status}`)}</dd>
        {paid > 0 ? (
          <>
            <dt>{t('participation.booking.paid')}</dt>
            <dd>
              {refunded > 0
                ? t('participation.booking.paidRefunded', {
                    paid: kroner(paid, language),
                    refunded: kroner(refunded, language),
                  })
                : kroner(paid, language)}{' '}
              {t('participation.booking.receiptKept')}
            </dd>
          </>
        ) : null}
        {answers ? (
          <>
            <dt>{t('participation.booking.answers')}</dt>
            <dd>{answers}</dd>
          </>
        ) : null}
        <dt>{t('participation.booking.booked')}</dt>
        <dd>{when(entry.created_at)}</dd>
        {booking.rescheduled_at ? (
          <>
            <dt>{t('participation.booking.rescheduled')}</dt>
            <dd>{when(booking.rescheduled_at)}</dd>
          </>
        ) : null}
        {booking.cancelled_at ? (
          <>
            <dt>{t('participation.booking.cancelled')}</dt>
            <dd>{when(booking.cancelled_at)}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}

import { buildCsv } from '@/lib/csv';
import { formatDate, formatTime } from '@/lib/format';
import type { BookingListItem } from '../api/types';

export type BookingsCsvHeader = Record<
  | 'date'
  | 'start'
  | 'end'
  | 'service'
  | 'staff'
  | 'name'
  | 'email'
  | 'phone'
  | 'status'
  | 'booked'
  | 'answers',
  string
>;

/** The answers to the service's questions in one cell: «Spørsmål: svar; …». */
export const answersText = (booking: BookingListItem) =>
  booking.answerList.map((answer) => `${answer.label}: ${answer.text}`).join('; ');

/**
 * One row per booking, times in Oslo: when, what, with whom, who booked, its status, when it was made
 * and the answers to the service's questions.
 */
export function bookingsCsv(
  bookings: readonly BookingListItem[],
  header: BookingsCsvHeader,
  statusText: (booking: BookingListItem) => string,
): string {
  return buildCsv(
    Object.values(header),
    bookings.map((booking) => [
      formatDate(booking.start),
      formatTime(booking.start),
      formatTime(booking.end),
      booking.serviceName,
      booking.staffName,
      booking.personName,
      booking.personEmail,
      booking.personPhone,
      statusText(booking),
      `${formatDate(booking.createdAt)} ${formatTime(booking.createdAt)}`,
      answersText(booking),
    ]),
  );
}

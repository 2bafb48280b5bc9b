import { addDays } from '@/lib/format';
import type { BookingAvailability, BookingException, BookingListItem } from '../api/types';
import { clockMinutes } from './calendar';

/** ISO weekday of a date key: 1 = Monday … 7 = Sunday. */
export function weekdayOf(dateKey: string): number {
  const [year = 0, month = 1, day = 1] = dateKey.split('-').map(Number);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

const spanMinutes = (span: { starts_at: string | null; ends_at: string | null }) =>
  span.starts_at && span.ends_at ? clockMinutes(span.ends_at) - clockMinutes(span.starts_at) : 0;

/**
 * A staff member's open minutes from `from` to `to` (Oslo days, both included): the weekly spans of
 * each day's weekday, or the day's exception (the staff member's own wins over the solution's; closed
 * counts 0). Public holidays are not taken off here: the figures read them as open days.
 */
export function availableMinutes(
  staffId: string,
  from: string,
  to: string,
  availability: readonly BookingAvailability[],
  exceptions: readonly BookingException[],
): number {
  let total = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const own = exceptions.filter((e) => e.on_date === day && e.staff_id === staffId);
    const whole = exceptions.filter((e) => e.on_date === day && e.staff_id === null);
    const override = own.length > 0 ? own : whole;
    const spans =
      override.length > 0
        ? override
        : availability.filter((span) => span.staff_id === staffId && span.weekday === weekdayOf(day));
    total += spans.reduce((sum, span) => sum + spanMinutes(span), 0);
  }
  return total;
}

const minutesOf = (booking: BookingListItem) =>
  (Date.parse(booking.end) - Date.parse(booking.start)) / 60_000;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface BookingFigures {
  /** Bookings starting in the period, every status. */
  total: number;
  noShows: number;
  /** No-shows of the bookings that have started and were not cancelled; null when none has. */
  noShowRate: number | null;
  cancellations: number;
  cancellationRate: number | null;
  /** Median days from booking to start. */
  leadTimeDays: number | null;
}

/** The period's counts and rates (`now` decides which bookings have started). */
export function bookingFigures(bookings: readonly BookingListItem[], now: number): BookingFigures {
  const started = bookings.filter((b) => b.status !== 'cancelled' && Date.parse(b.start) <= now);
  const noShows = bookings.filter((b) => b.status === 'no_show').length;
  const cancellations = bookings.filter((b) => b.status === 'cancelled').length;
  return {
    total: bookings.length,
    noShows,
    noShowRate: started.length > 0 ? noShows / started.length : null,
    cancellations,
    cancellationRate: bookings.length > 0 ? cancellations / bookings.length : null,
    leadTimeDays: median(bookings.map((b) => (Date.parse(b.start) - Date.parse(b.createdAt)) / 86_400_000)),
  };
}

export interface UtilisationRow {
  id: string;
  name: string;
  bookings: number;
  bookedMinutes: number;
  /** Null for a service (its share is of the booked time) or staff without opening hours. */
  availableMinutes: number | null;
  /** Booked of available (staff) or of all booked minutes (service); 0–1, null when nothing to divide by. */
  rate: number | null;
}

const live = (booking: BookingListItem) => booking.status !== 'cancelled';

/** Per staff member: booked minutes of live bookings against their open minutes in the period. */
export function staffUtilisation(
  staff: readonly { id: string; name: string }[],
  bookings: readonly BookingListItem[],
  from: string,
  to: string,
  availability: readonly BookingAvailability[],
  exceptions: readonly BookingException[],
): UtilisationRow[] {
  return staff.map((member) => {
    const own = bookings.filter((b) => live(b) && b.staffId === member.id);
    const booked = own.reduce((sum, b) => sum + minutesOf(b), 0);
    const available = availableMinutes(member.id, from, to, availability, exceptions);
    return {
      id: member.id,
      name: member.name,
      bookings: own.length,
      bookedMinutes: booked,
      availableMinutes: available,
      rate: available > 0 ? booked / available : null,
    };
  });
}

/** Per service: its live bookings and its share of all booked minutes. */
export function serviceUtilisation(
  services: readonly { id: string; name: string }[],
  bookings: readonly BookingListItem[],
): UtilisationRow[] {
  const all = bookings.filter(live).reduce((sum, b) => sum + minutesOf(b), 0);
  return services.map((service) => {
    const own = bookings.filter((b) => live(b) && b.serviceId === service.id);
    const booked = own.reduce((sum, b) => sum + minutesOf(b), 0);
    return {
      id: service.id,
      name: service.name,
      bookings: own.length,
      bookedMinutes: booked,
      availableMinutes: null,
      rate: all > 0 ? booked / all : null,
    };
  });
}

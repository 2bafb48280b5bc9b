import type { BookingAvailability } from '../api/types';

/** One span as typed: «HH:MM» or '' while not a time. */
export interface SpanValue {
  key: string;
  startsAt: string;
  endsAt: string;
}

/** Seven days, Monday (index 0) first, each with its spans. */
export type WeekValues = SpanValue[][];

export type SpanError = 'missing' | 'order' | 'overlap';

let counter = 0;
export const newSpanKey = () => `span-${++counter}`;

export function weekOf(availability: readonly BookingAvailability[], staffId: string): WeekValues {
  return Array.from({ length: 7 }, (_, index) =>
    availability
      .filter((span) => span.staff_id === staffId && span.weekday === index + 1)
      .map((span) => ({
        key: span.id,
        startsAt: span.starts_at.slice(0, 5),
        endsAt: span.ends_at.slice(0, 5),
      })),
  );
}

/**
 * Each span's problem, by its key: a time missing, the end not after the start, or overlapping an
 * earlier span of the same day. Times are «HH:MM», so text order is time order.
 */
export function spanErrors(week: WeekValues): Record<string, SpanError> {
  const errors: Record<string, SpanError> = {};
  for (const day of week) {
    const seen: SpanValue[] = [];
    for (const span of day) {
      if (span.startsAt === '' || span.endsAt === '') errors[span.key] = 'missing';
      else if (span.startsAt >= span.endsAt) errors[span.key] = 'order';
      else if (seen.some((other) => span.startsAt < other.endsAt && other.startsAt < span.endsAt))
        errors[span.key] = 'overlap';
      else seen.push(span);
    }
  }
  return errors;
}

/** The rows to write: weekday 1 = Monday. */
export const spansOf = (week: WeekValues) =>
  week.flatMap((day, index) =>
    day.map((span) => ({ weekday: index + 1, startsAt: span.startsAt, endsAt: span.endsAt })),
  );

import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';
import type { BookingAnswer, BookingListItem, BookingStatus } from './types';

const isStatus = (value: string): value is BookingStatus =>
  value === 'pending_payment' || value === 'confirmed' || value === 'cancelled' || value === 'no_show';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** booking_answer_list's `[{ label, text }]` (jsonb, typed as Json). */
function answerListOf(value: unknown): BookingAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isObject(item) && typeof item.label === 'string' && typeof item.text === 'string'
      ? [{ label: item.label, text: item.text }]
      : [],
  );
}

/** The bounds of a `[start,end)` range as PostgREST writes it: `["2026-06-02 08:00:00+00","…")`. */
export function rangeBounds(range: string): { start: string; end: string } {
  const [start = '', end = ''] = range
    .slice(1, -1)
    .split(',')
    .map((bound) =>
      new Date(
        bound
          .replaceAll('"', '')
          .replace(' ', 'T')
          .replace(/([+-]\d\d)$/, '$1:00'),
      ).toISOString(),
    );
  return { start, end };
}

/**
 * A solution's bookings that start from `from` up to `to` (instants, ISO), by start: the appointment,
 * the service and staff member, the person (members read their organization's participants) and, for a
 * service paid online, its order's state and what of it a cancel would refund.
 */
export const bookingsQueryOptions = (solutionId: string, from: string, to: string) =>
  queryOptions({
    queryKey: bookingKeys.bookings(solutionId, from, to),
    queryFn: async (): Promise<BookingListItem[]> => {
      const rows =
        unwrap(
          await supabase
            .from('bookings')
            .select(
              'id, status, during, service_id, staff_id, answers, answer_list:booking_answer_list, created_at, cancelled_at, rescheduled_at, booking_services(name), booking_staff(name), participants(name, email, phone), orders(status, total_ore, refunded_ore)',
            )
            .eq('solution_id', solutionId)
            .overlaps('during', `[${from},${to})`)
            .order('during'),
        ) ?? [];
      return rows.map((row) => ({
        id: row.id,
        status: isStatus(row.status) ? row.status : 'confirmed',
        // The schema types a range as unknown; PostgREST sends its text.
        ...rangeBounds(String(row.during)),
        serviceId: row.service_id,
        serviceName: row.booking_services.name,
        staffId: row.staff_id,
        staffName: row.booking_staff.name,
        personName: row.participants.name,
        personEmail: row.participants.email,
        personPhone: row.participants.phone,
        answers: isObject(row.answers) ? row.answers : {},
        answerList: answerListOf(row.answer_list),
        createdAt: row.created_at,
        cancelledAt: row.cancelled_at,
        rescheduledAt: row.rescheduled_at,
        orderStatus: row.orders?.status ?? null,
        refundableOre: row.orders?.status === 'paid' ? row.orders.total_ore - row.orders.refunded_ore : 0,
      }));
    },
  });

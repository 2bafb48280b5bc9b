import type { BookingAvailability, BookingException, BookingListItem } from '@/features/booking/api/types';
import { spanErrors } from '@/features/booking/utils/availability-form';
import { availableMinutes, bookingFigures, median, staffUtilisation } from '@/features/booking/utils/figures';

const KARI = 'kari';
const span = (weekday: number, starts_at: string, ends_at: string): BookingAvailability => ({
  id: `${weekday}-${starts_at}`,
  staff_id: KARI,
  solution_id: 's',
  organization_id: 'o',
  weekday,
  starts_at,
  ends_at,
});
const exception = (
  on_date: string,
  staff_id: string | null,
  starts_at: string | null,
  ends_at: string | null,
): BookingException => ({
  id: `${on_date}-${staff_id}`,
  solution_id: 's',
  organization_id: 'o',
  staff_id,
  on_date,
  starts_at,
  ends_at,
  note: '',
});
const booking = (
  start: string,
  end: string,
  status: BookingListItem['status'],
  createdAt: string,
): BookingListItem => ({
  id: start,
  status,
  start,
  end,
  serviceId: 'befaring',
  serviceName: 'Befaring',
  staffId: KARI,
  staffName: 'Kari',
  personName: 'Ola',
  personEmail: 'ola@example.no',
  personPhone: null,
  answers: {},
  answerList: [],
  createdAt,
  cancelledAt: status === 'cancelled' ? createdAt : null,
  rescheduledAt: null,
  orderStatus: null,
  refundableOre: 0,
});

// Monday–Friday 08:00–11:30 and 12:00–16:00: 450 minutes a weekday.
const WEEK = [1, 2, 3, 4, 5].flatMap((day) => [
  span(day, '08:00:00', '11:30:00'),
  span(day, '12:00:00', '16:00:00'),
]);

describe('booking figures', () => {
  it.each([
    ['a whole week, Monday to Sunday', '2026-10-19', '2026-10-25', [], 5 * 450],
    ['the DST Sunday alone is closed', '2026-10-25', '2026-10-25', [], 0],
    [
      'a closed day for the whole solution',
      '2026-10-19',
      '2026-10-20',
      [exception('2026-10-19', null, null, null)],
      450,
    ],
    [
      "the staff member's own hours win over the solution's",
      '2026-10-19',
      '2026-10-19',
      [exception('2026-10-19', null, null, null), exception('2026-10-19', KARI, '10:00:00', '12:00:00')],
      120,
    ],
  ])('open minutes: %s', (_, from, to, exceptions, expected) => {
    expect(availableMinutes(KARI, from, to, WEEK, exceptions)).toBe(expected);
  });

  it('counts no-shows of started bookings, cancellations of all, and the median lead time', () => {
    const bookings = [
      booking('2026-10-19T08:00:00Z', '2026-10-19T09:00:00Z', 'no_show', '2026-10-18T08:00:00Z'),
      booking('2026-10-20T08:00:00Z', '2026-10-20T09:00:00Z', 'confirmed', '2026-10-17T08:00:00Z'),
      booking('2026-10-21T08:00:00Z', '2026-10-21T09:00:00Z', 'cancelled', '2026-10-11T08:00:00Z'),
      booking('2026-10-30T08:00:00Z', '2026-10-30T09:00:00Z', 'confirmed', '2026-10-20T08:00:00Z'),
    ];
    expect(bookingFigures(bookings, Date.parse('2026-10-22T12:00:00Z'))).toEqual({
      total: 4,
      noShows: 1,
      noShowRate: 0.5,
      cancellations: 1,
      cancellationRate: 0.25,
      leadTimeDays: 6.5,
    });
    const [kari] = staffUtilisation(
      [{ id: KARI, name: 'Kari' }],
      bookings,
      '2026-10-19',
      '2026-10-25',
      WEEK,
      [],
    );
    expect(kari).toMatchObject({ bookings: 3, bookedMinutes: 180, availableMinutes: 2250 });
    expect(kari?.rate).toBeCloseTo(0.08);
  });

  it('takes the middle of an odd or even count, none of nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("finds a week's spans that are missing, backwards or overlapping", () => {
    const week = [
      [
        { key: 'a', startsAt: '08:00', endsAt: '11:30' },
        { key: 'b', startsAt: '11:00', endsAt: '16:00' },
      ],
      [{ key: 'c', startsAt: '16:00', endsAt: '08:00' }],
      [{ key: 'd', startsAt: '', endsAt: '12:00' }],
      [],
      [],
      [],
      [{ key: 'e', startsAt: '10:00', endsAt: '14:00' }],
    ];
    expect(spanErrors(week)).toEqual({ b: 'overlap', c: 'order', d: 'missing' });
  });
});

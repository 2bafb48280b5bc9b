/**
 * The slot engine, table-driven: each case changes the base (one staff member, Monday–Friday
 * 09:00–12:00, hourly one-hour slots, no buffers, notice or limits; now Monday 1 June 2026 08:00 in
 * Oslo) and names the Oslo starts it expects on one day. Then the two DST days in real instants, the
 * gap and the repeated hour, and the holidays from the real library.
 */
import assert from 'node:assert/strict';
import { isNorwegianHoliday } from './holidays.ts';
import {
  freeSlots,
  type LiveBooking,
  osloMoment,
  type ServiceRules,
  type SlotQuery,
  staffOfferedAt,
} from './slots.ts';

const SERVICE = 'service-befaring';
const OTHER_SERVICE = 'service-varmepumpe';
const KARI = 'staff-kari';
const OLA = 'staff-ola';

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

const rules: ServiceRules = {
  id: SERVICE,
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingWindowDays: 365,
  dailyLimit: null,
  weeklyLimit: null,
  seats: 1,
};

function base(): SlotQuery {
  return {
    service: { ...rules },
    staff: [{ id: KARI, availability: weekdays('09:00', '12:00') }],
    exceptions: [],
    bookings: [],
    intervalMinutes: 60,
    closedOnHolidays: true,
    isHoliday: isNorwegianHoliday,
    now: osloMoment('2026-06-01', '08:00'),
    from: '2026-06-01',
    to: '2026-06-01',
  };
}

/** A live booking in Oslo time, with its own buffers around it. */
function booking(
  date: string,
  start: string,
  end: string,
  { service = SERVICE, staff = KARI, before = 0, after = 0 } = {},
): LiveBooking {
  const from = osloMoment(date, start);
  const to = osloMoment(date, end);
  return {
    serviceId: service,
    staffId: staff,
    start: from,
    end: to,
    blockedStart: new Date(from.getTime() - before * 60_000),
    blockedEnd: new Date(to.getTime() + after * 60_000),
  };
}

const osloClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});
const osloTime = (instant: Date) => osloClock.format(instant);

function startsOn(query: SlotQuery, date: string): string[] {
  const [day] = freeSlots({ ...query, from: date, to: date });
  return day!.slots.map((slot) => osloTime(slot.start));
}

interface Case {
  name: string;
  change: (query: SlotQuery) => void;
  date: string;
  expected: string[];
}

const TUESDAY = '2026-06-02';

const cases: Case[] = [
  {
    name: 'the weekly spans, hour by hour',
    change: () => {},
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  { name: 'a weekend day has no spans', change: () => {}, date: '2026-06-06', expected: [] },
  {
    name: 'several spans a day',
    change: (q) => q.staff[0]!.availability.push({ weekday: 2, start: '13:00', end: '15:00' }),
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00', '13:00', '14:00'],
  },
  {
    name: 'a booking takes its hour',
    change: (q) => q.bookings.push(booking(TUESDAY, '10:00', '11:00')),
    date: TUESDAY,
    expected: ['09:00', '11:00'],
  },
  {
    name: 'buffer after: the slot before a booking no longer fits',
    change: (q) => {
      q.service.bufferAfterMinutes = 15;
      q.bookings.push(booking(TUESDAY, '10:00', '11:00'));
    },
    date: TUESDAY,
    expected: ['11:00'],
  },
  {
    name: 'buffer before: the slot after a booking no longer fits',
    change: (q) => {
      q.service.bufferBeforeMinutes = 15;
      q.bookings.push(booking(TUESDAY, '10:00', '11:00'));
    },
    date: TUESDAY,
    expected: ['09:00'],
  },
  {
    name: "an existing booking's own buffer blocks too",
    change: (q) => q.bookings.push(booking(TUESDAY, '10:00', '11:00', { after: 30 })),
    date: TUESDAY,
    expected: ['09:00'],
  },
  {
    name: "buffers do not shorten the span: the first start is the span's start",
    change: (q) => {
      q.service.bufferBeforeMinutes = 30;
      q.service.bufferAfterMinutes = 30;
    },
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: "another staff member's booking leaves this one free",
    change: (q) => q.bookings.push(booking(TUESDAY, '10:00', '11:00', { staff: OLA })),
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'minimum notice: nothing before now + notice',
    change: (q) => {
      q.now = osloMoment(TUESDAY, '09:30');
      q.service.minimumNoticeMinutes = 60;
    },
    date: TUESDAY,
    expected: ['11:00'],
  },
  {
    name: 'minimum notice of a day reaches into tomorrow',
    change: (q) => (q.service.minimumNoticeMinutes = 24 * 60 + 90),
    date: TUESDAY,
    expected: ['10:00', '11:00'],
  },
  {
    name: 'a day in the past offers nothing',
    change: (q) => (q.now = osloMoment('2026-06-03', '08:00')),
    date: TUESDAY,
    expected: [],
  },
  {
    name: 'booking window: the last day is today + window − 1',
    change: (q) => (q.service.bookingWindowDays = 2),
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'booking window: the day after it offers nothing',
    change: (q) => (q.service.bookingWindowDays = 2),
    date: '2026-06-03',
    expected: [],
  },
  {
    name: 'daily limit reached: the day is full',
    change: (q) => {
      q.service.dailyLimit = 1;
      q.bookings.push(booking(TUESDAY, '11:00', '12:00', { staff: OLA }));
    },
    date: TUESDAY,
    expected: [],
  },
  {
    name: "daily limit: another service's bookings do not count",
    change: (q) => {
      q.service.dailyLimit = 1;
      q.bookings.push(booking(TUESDAY, '11:00', '12:00', { service: OTHER_SERVICE, staff: OLA }));
    },
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'weekly limit reached: the rest of the ISO week is full',
    change: (q) => {
      q.service.weeklyLimit = 2;
      q.bookings.push(booking('2026-06-01', '09:00', '10:00'), booking(TUESDAY, '09:00', '10:00'));
    },
    date: '2026-06-05',
    expected: [],
  },
  {
    name: 'weekly limit: the next week (from Monday) is open again',
    change: (q) => {
      q.service.weeklyLimit = 2;
      q.bookings.push(booking('2026-06-01', '09:00', '10:00'), booking(TUESDAY, '09:00', '10:00'));
    },
    date: '2026-06-08',
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'exception: the whole solution closed',
    change: (q) => q.exceptions.push({ date: TUESDAY, staffId: null, start: null, end: null }),
    date: TUESDAY,
    expected: [],
  },
  {
    name: "exception: the staff member's other hours replace the week",
    change: (q) => q.exceptions.push({ date: TUESDAY, staffId: KARI, start: '13:00', end: '15:00' }),
    date: TUESDAY,
    expected: ['13:00', '14:00'],
  },
  {
    name: "exception: the staff member's own wins over the solution's",
    change: (q) =>
      q.exceptions.push(
        { date: TUESDAY, staffId: null, start: null, end: null },
        { date: TUESDAY, staffId: KARI, start: '10:00', end: '12:00' },
      ),
    date: TUESDAY,
    expected: ['10:00', '11:00'],
  },
  {
    name: "exception: another staff member's does not touch this one",
    change: (q) => q.exceptions.push({ date: TUESDAY, staffId: OLA, start: null, end: null }),
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'interval: half-hourly starts of an hour-long service',
    change: (q) => (q.intervalMinutes = 30),
    date: TUESDAY,
    expected: ['09:00', '09:30', '10:00', '10:30', '11:00'],
  },
  {
    name: 'seats: two of three taken leaves the start offered',
    change: (q) => {
      q.service.seats = 3;
      q.bookings.push(booking(TUESDAY, '10:00', '11:00'), booking(TUESDAY, '10:00', '11:00'));
    },
    date: TUESDAY,
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'seats: all three taken closes the start',
    change: (q) => {
      q.service.seats = 3;
      q.bookings.push(...[1, 2, 3].map(() => booking(TUESDAY, '10:00', '11:00')));
    },
    date: TUESDAY,
    expected: ['09:00', '11:00'],
  },
  {
    name: "seats: another service's booking at the same time blocks the start",
    change: (q) => {
      q.service.seats = 3;
      q.bookings.push(booking(TUESDAY, '10:00', '11:00', { service: OTHER_SERVICE }));
    },
    date: TUESDAY,
    expected: ['09:00', '11:00'],
  },
  {
    name: 'holiday: 2. påskedag closes the day',
    change: () => {},
    date: '2026-04-06',
    expected: [],
  },
  {
    name: 'holiday: the day after 2. påskedag is open',
    change: (q) => (q.now = osloMoment('2026-04-01', '08:00')),
    date: '2026-04-07',
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'holiday: Kristi himmelfartsdag closes the day',
    change: (q) => (q.now = osloMoment('2026-05-01', '08:00')),
    date: '2026-05-14',
    expected: [],
  },
  {
    name: 'holiday: 2. pinsedag closes the day',
    change: (q) => (q.now = osloMoment('2026-05-01', '08:00')),
    date: '2026-05-25',
    expected: [],
  },
  {
    name: '17. mai closes even a Sunday with spans',
    change: (q) => {
      q.now = osloMoment('2026-05-01', '08:00');
      q.staff[0]!.availability.push({ weekday: 7, start: '09:00', end: '12:00' });
    },
    date: '2026-05-17',
    expected: [],
  },
  {
    name: 'holiday: open when the solution keeps holidays open',
    change: (q) => {
      q.now = osloMoment('2026-05-01', '08:00');
      q.closedOnHolidays = false;
    },
    date: '2026-05-14',
    expected: ['09:00', '10:00', '11:00'],
  },
  {
    name: 'holiday: an exception with hours opens it',
    change: (q) => {
      q.now = osloMoment('2026-05-01', '08:00');
      q.exceptions.push({ date: '2026-05-25', staffId: null, start: '10:00', end: '12:00' });
    },
    date: '2026-05-25',
    expected: ['10:00', '11:00'],
  },
];

for (const { name, change, date, expected } of cases) {
  Deno.test(`slots: ${name}`, () => {
    const query = base();
    query.staff.push({ id: OLA, availability: [] });
    change(query);
    assert.deepEqual(startsOn(query, date), expected);
  });
}

Deno.test('slots: seats left and the staff free at a start', () => {
  const query = base();
  query.service.seats = 3;
  query.staff.push({ id: OLA, availability: weekdays('10:00', '11:00') });
  query.bookings.push(booking(TUESDAY, '10:00', '11:00'), booking(TUESDAY, '10:00', '11:00', { staff: OLA }));
  const [day] = freeSlots({ ...query, from: TUESDAY, to: TUESDAY });
  const ten = day!.slots.find((slot) => osloTime(slot.start) === '10:00')!;
  assert.deepEqual(ten.staffIds, [KARI, OLA]);
  assert.equal(ten.seatsLeft, 2);
  assert.deepEqual(staffOfferedAt(query, osloMoment(TUESDAY, '10:00')), [KARI, OLA]);
  assert.deepEqual(staffOfferedAt(query, osloMoment(TUESDAY, '10:15')), [], 'a start between slots');
});

Deno.test('slots: one entry per day from `from` to `to`, empty days included', () => {
  const days = freeSlots({ ...base(), from: '2026-06-05', to: '2026-06-08' });
  assert.deepEqual(
    days.map((day) => [day.date, day.slots.length]),
    [
      ['2026-06-05', 3],
      ['2026-06-06', 0],
      ['2026-06-07', 0],
      ['2026-06-08', 3],
    ],
  );
});

interface DstCase {
  name: string;
  date: string;
  expected: string[];
}

// A Sunday span 01:00–04:00 wall-clock: two real hours on the spring day, four on the autumn day.
const dstCases: DstCase[] = [
  {
    name: '29 March 2026 (23 hours): 01:00 CET and 03:00 CEST',
    date: '2026-03-29',
    expected: ['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'],
  },
  {
    name: '25 October 2026 (25 hours): 01:00 CEST, 02:00 CEST, 02:00 CET, 03:00 CET',
    date: '2026-10-25',
    expected: [
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ],
  },
];

for (const { name, date, expected } of dstCases) {
  Deno.test(`slots: DST ${name}`, () => {
    const query = base();
    query.now = osloMoment('2026-03-01', '08:00');
    query.staff[0]!.availability = [{ weekday: 7, start: '01:00', end: '04:00' }];
    const [day] = freeSlots({ ...query, from: date, to: date });
    assert.deepEqual(
      day!.slots.map((slot) => slot.start.toISOString()),
      expected,
    );
  });
}

Deno.test('slots: a normal day around the DST days keeps its hours', () => {
  const query = base();
  query.now = osloMoment('2026-03-01', '08:00');
  assert.deepEqual(startsOn(query, '2026-03-27'), ['09:00', '10:00', '11:00']);
  assert.deepEqual(startsOn(query, '2026-03-30'), ['09:00', '10:00', '11:00']);
  assert.equal(osloMoment('2026-03-30', '09:00').toISOString(), '2026-03-30T07:00:00.000Z');
  assert.equal(osloMoment('2026-10-26', '09:00').toISOString(), '2026-10-26T08:00:00.000Z');
});

Deno.test('osloMoment reads the gap and the repeated hour as PostgreSQL does', () => {
  // 02:30 does not exist on 29 March: the offset before the jump, so 03:30 CEST.
  assert.equal(osloMoment('2026-03-29', '02:30').toISOString(), '2026-03-29T01:30:00.000Z');
  // 02:30 happens twice on 25 October: the second, standard-time one.
  assert.equal(osloMoment('2026-10-25', '02:30').toISOString(), '2026-10-25T01:30:00.000Z');
  assert.equal(osloMoment('2026-06-01', '24:00').toISOString(), '2026-06-01T22:00:00.000Z');
});

Deno.test('holidays: the moving feasts of 2026 and 17. mai, and an ordinary day', () => {
  for (const date of [
    '2026-04-02',
    '2026-04-03',
    '2026-04-06',
    '2026-05-14',
    '2026-05-17',
    '2026-05-25',
    '2026-12-25',
  ])
    assert.equal(isNorwegianHoliday(date), true, date);
  for (const date of ['2026-04-07', '2026-12-24', '2026-06-02'])
    assert.equal(isNorwegianHoliday(date), false, date);
  assert.equal(isNorwegianHoliday('2027-05-06'), true, 'Kristi himmelfartsdag 2027');
});

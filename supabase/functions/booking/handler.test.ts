/**
 * The booking function with the database faked: slots come from the engine over the database's
 * inputs; a booking is written only for a start the engine still offers (with the staff member it
 * offers), and the database's refusals keep their status; the manage link's move leaves the booking's
 * own time out; notices follow each write and never undo it.
 */
import assert from 'node:assert/strict';
import { errorCode, post } from '../_shared/testing.ts';
import {
  type BookInput,
  type BookingDb,
  type BookingView,
  handleBooking,
  type SlotInputs,
} from './handler.ts';

const SOLUTION = 'b0000000-0000-4000-8000-000000000001';
const SERVICE = 'b0000000-0000-4000-8000-000000000002';
const KARI = 'b0000000-0000-4000-8000-0000000000a1';
const OLA = 'b0000000-0000-4000-8000-0000000000a2';
const BOOKING = 'b0000000-0000-4000-8000-0000000000c1';
const TOKEN = 'a'.repeat(64);
const TUESDAY = '2026-06-02';

function inputs(): SlotInputs {
  return {
    now: '2026-06-01T06:00:00+00:00',
    solution: { closed_on_holidays: true, slot_interval_minutes: 30 },
    service: {
      id: SERVICE,
      duration_minutes: 60,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      minimum_notice_minutes: 120,
      booking_window_days: 60,
      daily_limit: null,
      weekly_limit: null,
      seats: 1,
    },
    staff: [
      { id: KARI, name: 'Kari', availability: [{ weekday: 2, start: '09:00', end: '11:00' }] },
      { id: OLA, name: 'Ola', availability: [{ weekday: 2, start: '10:00', end: '11:00' }] },
    ],
    exceptions: [],
    bookings: [],
  };
}

const view = (start: string, staff = KARI): BookingView => ({
  id: BOOKING,
  solution_id: SOLUTION,
  service_id: SERVICE,
  staff_id: staff,
  status: 'confirmed',
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  changeable: true,
});

class FakeDb implements BookingDb {
  inputs = inputs();
  booked: BookInput[] = [];
  moved: { start: string; staffId: string }[] = [];
  refusal: string | null = null;
  current = view('2026-06-02T08:00:00.000Z');
  // booking_service_questions' answer for the service.
  asked: unknown = null;
  slotInputs() {
    return Promise.resolve(structuredClone(this.inputs));
  }
  questions() {
    return Promise.resolve(this.asked);
  }
  book(input: BookInput) {
    if (this.refusal) return Promise.reject(new Error(this.refusal));
    this.booked.push(input);
    return Promise.resolve({ booking: view(input.start, input.staffId), token: TOKEN });
  }
  view() {
    return Promise.resolve(this.current);
  }
  reschedule(_token: string, start: string, staffId: string) {
    if (this.refusal) return Promise.reject(new Error(this.refusal));
    this.moved.push({ start, staffId });
    return Promise.resolve(view(start, staffId));
  }
  cancel() {
    return Promise.resolve({ ...this.current, status: 'cancelled' });
  }
  cancelByOrganizer() {
    return this.cancel();
  }
}

function setup() {
  const db = new FakeDb();
  const sent: string[] = [];
  const logged: string[] = [];
  let failNotices = false;
  const notices = {
    booked: (booking: BookingView, token: string) =>
      failNotices
        ? Promise.reject(new Error('smtp'))
        : (sent.push(`booked ${booking.start} ${token.length}`), Promise.resolve()),
    rescheduled: (booking: BookingView) => (sent.push(`rescheduled ${booking.start}`), Promise.resolve()),
    cancelled: (booking: BookingView) => (sent.push(`cancelled ${booking.status}`), Promise.resolve()),
    paid: () => Promise.resolve(),
  };
  const call = (body: Record<string, unknown>) =>
    handleBooking(post('http://functions.test/booking', body, { 'x-forwarded-for': '203.0.113.72' }), {
      db,
      notices,
      log: (message) => logged.push(message),
    });
  const book = (overrides: Record<string, unknown> = {}) =>
    call({
      action: 'book',
      solutionId: SOLUTION,
      serviceId: SERVICE,
      start: '2026-06-02T08:00:00.000Z',
      email: 'kari@example.no',
      name: 'Kari Nordmann',
      consent: true,
      shownAt: '2026-06-01T05:59:00.000Z',
      ...overrides,
    });
  return { db, sent, logged, call, book, failNotices: () => (failNotices = true) };
}

Deno.test('slots: the engine over the database inputs, per day, with the staff names', async () => {
  const { call } = setup();
  const response = await call({
    action: 'slots',
    solutionId: SOLUTION,
    serviceId: SERVICE,
    from: TUESDAY,
    to: TUESDAY,
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual(body.staff, [
    { id: KARI, name: 'Kari' },
    { id: OLA, name: 'Ola' },
  ]);
  assert.deepEqual(
    body.days[0].slots.map((slot: { start: string; staff_ids: string[] }) => [slot.start, slot.staff_ids]),
    [
      ['2026-06-02T07:00:00.000Z', [KARI]],
      ['2026-06-02T07:30:00.000Z', [KARI]],
      ['2026-06-02T08:00:00.000Z', [KARI, OLA]],
    ],
  );
  assert.equal(body.days[0].slots[0].seats_left, 1);
});

Deno.test('slots: a range over 62 days or a malformed body is invalid-input', async () => {
  const { call } = setup();
  const long = await call({
    action: 'slots',
    solutionId: SOLUTION,
    serviceId: SERVICE,
    from: '2026-06-01',
    to: '2026-08-15',
  });
  assert.equal(long.status, 400);
  assert.equal(await errorCode(long), 'invalid-input');
  const backwards = await call({
    action: 'slots',
    solutionId: SOLUTION,
    serviceId: SERVICE,
    from: TUESDAY,
    to: '2026-06-01',
  });
  assert.equal(backwards.status, 400);
  const unknown = await call({ action: 'steal', solutionId: SOLUTION });
  assert.equal(await errorCode(unknown), 'invalid-input');
});

Deno.test(
  'book: an offered start is booked with the first free staff member, and the notice follows',
  async () => {
    const { db, sent, book } = setup();
    db.inputs.bookings.push({
      id: 'b0000000-0000-4000-8000-0000000000c9',
      service_id: SERVICE,
      staff_id: KARI,
      start: '2026-06-02T08:00:00+00:00',
      end: '2026-06-02T09:00:00+00:00',
      blocked_start: '2026-06-02T08:00:00+00:00',
      blocked_end: '2026-06-02T09:00:00+00:00',
    });
    const response = await book();
    assert.equal(response.status, 201);
    const body = await response.json();
    assert.equal(body.token, TOKEN);
    assert.equal(db.booked.length, 1);
    assert.equal(db.booked[0]!.staffId, OLA, 'Kari is taken at 10:00, Ola is free');
    assert.equal(db.booked[0]!.clientIp, '203.0.113.72');
    assert.deepEqual(sent, ['booked 2026-06-02T08:00:00.000Z 64']);
  },
);

const QUESTIONS = {
  version_id: 'b0000000-0000-4000-8000-0000000000e1',
  definition: {
    version: 1,
    pages: [
      {
        id: 'p1',
        blocks: [
          { kind: 'short_text', id: 'b_adresse', key: 'adresse', label: 'Adresse', required: true },
          { kind: 'number', id: 'b_areal', key: 'areal', label: 'Kvadratmeter' },
        ],
      },
    ],
    rules: [],
    endings: [{ id: 'e_takk', title: 'Takk' }],
    defaultEnding: 'e_takk',
  },
};

Deno.test("book: the answers are checked against the service's questions and stored cleaned", async () => {
  const { db, book } = setup();
  db.asked = QUESTIONS;
  const response = await book({ answers: { b_adresse: '  Strandkaien 1 ', b_areal: '1 234' } });
  assert.equal(response.status, 201);
  assert.deepEqual(db.booked[0]!.answers, { b_adresse: 'Strandkaien 1', b_areal: 1234 });
});

Deno.test('book: a wrong answer is refused at its field before the slot or the database', async () => {
  const { db, book } = setup();
  db.asked = QUESTIONS;
  const response = await book({ answers: { b_areal: 'mye' }, start: '2026-06-02T09:00:00.000Z' });
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.error.code, 'booking-answers-invalid');
  assert.deepEqual(
    body.error.errors.map((error: { blockId: string; code: string }) => `${error.blockId} ${error.code}`),
    ['b_adresse required', 'b_areal not_a_number'],
  );
  assert.equal(db.booked.length, 0);
});

Deno.test('book: a service without questions stores no answers', async () => {
  const { db, book } = setup();
  const response = await book({ answers: { b_adresse: 'Strandkaien 1' } });
  assert.equal(response.status, 201);
  assert.deepEqual(db.booked[0]!.answers, {});
});

Deno.test('book: a start the engine no longer offers is refused before the database', async () => {
  for (const start of ['2026-06-02T09:00:00.000Z', '2026-06-02T07:15:00.000Z', '2026-06-01T07:00:00.000Z']) {
    const { db, book } = setup();
    const response = await book({ start });
    assert.equal(response.status, 409, start);
    assert.equal(await errorCode(response), 'booking-slot-unavailable');
    assert.equal(db.booked.length, 0);
  }
});

Deno.test('book: a staff member asked for is booked only when free at that start', async () => {
  const { db, book } = setup();
  const notOla = await book({ start: '2026-06-02T07:00:00.000Z', staffId: OLA });
  assert.equal(await errorCode(notOla), 'booking-slot-unavailable');
  const ola = await book({ staffId: OLA });
  assert.equal(ola.status, 201);
  assert.equal(db.booked[0]!.staffId, OLA);
});

Deno.test("book: the database's refusals keep their status; anything else is a 500", async () => {
  const expected: [string, number, string][] = [
    ['booking-slot-taken', 409, 'booking-slot-taken'],
    ['campaign-rate-limited', 429, 'campaign-rate-limited'],
    ['participant-consent-required', 400, 'participant-consent-required'],
    ['booking-not-found', 404, 'booking-not-found'],
    ['connection reset', 500, 'unknown'],
  ];
  for (const [refusal, status, code] of expected) {
    const { db, book, logged } = setup();
    db.refusal = refusal;
    const response = await book();
    assert.equal(response.status, status, refusal);
    assert.equal(await errorCode(response), code);
    assert.equal(logged.length, status === 500 ? 1 : 0);
  }
});

Deno.test('book: a failed notice is logged and the booking stands', async () => {
  const { book, logged, failNotices } = setup();
  failNotices();
  const response = await book();
  assert.equal(response.status, 201);
  assert.deepEqual(logged, ['booking: a notice failed']);
});

Deno.test(
  "reschedule: the booking's own time does not block a move into it; the current staff member is kept",
  async () => {
    const { db, call, sent } = setup();
    db.inputs.bookings.push({
      id: BOOKING,
      service_id: SERVICE,
      staff_id: KARI,
      start: '2026-06-02T07:00:00+00:00',
      end: '2026-06-02T08:00:00+00:00',
      blocked_start: '2026-06-02T07:00:00+00:00',
      blocked_end: '2026-06-02T08:00:00+00:00',
    });
    db.current = view('2026-06-02T07:00:00.000Z', KARI);
    const response = await call({ action: 'reschedule', token: TOKEN, start: '2026-06-02T07:30:00.000Z' });
    assert.equal(response.status, 200);
    assert.deepEqual(db.moved, [{ start: '2026-06-02T07:30:00.000Z', staffId: KARI }]);
    assert.deepEqual(sent, ['rescheduled 2026-06-02T07:30:00.000Z']);
  },
);

Deno.test('reschedule: a start not offered is refused; a bad token is invalid-input', async () => {
  const { db, call } = setup();
  const response = await call({ action: 'reschedule', token: TOKEN, start: '2026-06-02T12:00:00.000Z' });
  assert.equal(await errorCode(response), 'booking-slot-unavailable');
  assert.equal(db.moved.length, 0);
  const bad = await call({ action: 'reschedule', token: 'short', start: '2026-06-02T07:30:00.000Z' });
  assert.equal(await errorCode(bad), 'invalid-input');
});

Deno.test('view and cancel by token', async () => {
  const { call, sent } = setup();
  const seen = await call({ action: 'view', token: TOKEN });
  assert.equal((await seen.json()).booking.id, BOOKING);
  const cancelled = await call({ action: 'cancel', token: TOKEN });
  assert.equal(cancelled.status, 200);
  assert.equal((await cancelled.json()).booking.status, 'cancelled');
  assert.deepEqual(sent, ['cancelled cancelled']);
});

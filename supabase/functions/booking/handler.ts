/**
 * POST /functions/v1/booking with the anon key (docs/booking.md «The function booking»): the public
 * booking page's calls, by `action`.
 *
 * - `slots`: the free slots of a service between two Oslo dates, computed here by the slot engine from
 *   what booking_slot_inputs gives (rules, spans, exceptions, live bookings' ranges): 200 `{ staff,
 *   days }`.
 * - `book`: the answers to the service's questions are checked first (questions.ts: 400
 *   booking-answers-invalid with `errors` per field), then the slot is recomputed
 *   (booking-slot-unavailable when it is no longer offered; a staff member is picked when the
 *   visitor left it open), then book_booking writes participant,
 *   consents, lead and booking in one transaction, and the database decides a race
 *   (booking-slot-taken): 201 `{ booking, token }` (the manage link's token, once).
 * - `view`, `reschedule`, `cancel`: by the manage link's token, within the service's notice.
 *
 * A service paid online (payment.ts): `book` holds the slot (pending_payment) with its order and
 * answers 201 `{ booking, token, payment }` (the card step's client secret, provider and amount; no
 * e-mail yet); `confirm` `{ token }` reads the payment now → 200 `{ status: 'succeeded', booking }` (the
 * booking confirmed, its confirmation e-mail sent once) | `{ status: 'requires_action', clientSecret }`
 * | `{ status: 'processing' }` | `{ status: 'failed', error: { code } }` (a declined card: the order
 * stays payable with another card until it expires). `cancel` of a paid booking refunds it in full.
 *
 * The organization's own cancel, with the caller's JWT: `organizer-cancel` `{ bookingId }` (owners and
 * admins: cancel_booking_by_organizer checks the membership) cancels at any time, frees the slot, sends
 * the cancellation e-mail with its `.ics` (claimed once, as the manage link's cancel) and refunds a
 * paid booking in full through the same path → 200 `{ booking, refund: 'none' | 'refunded' | 'failed' }`
 * (a failed refund leaves the booking cancelled: the seller refunds the order by hand). Calling it again
 * cancels nothing twice and only retries a refund that is still owed. 401 unauthorized without a user.
 *
 * Refusals: 400 invalid-input (the body's shape), the database's codes with their status (REFUSALS).
 * Every call passes the visitor's address, so the engine's per-address limits apply.
 */
import type { Caller } from '../_shared/auth.ts';
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import { freeSlots, osloDate, staffOfferedAt, type SlotQuery } from '../_shared/booking/slots.ts';
import { isNorwegianHoliday } from '../_shared/booking/holidays.ts';
import { checkBookingAnswers } from './questions.ts';
import {
  BookingPaymentRefused,
  type BookingPaymentDeps,
  confirmBookingPayment,
  refundCancelledBooking,
  startBookingPayment,
} from './payment.ts';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const token = z.string().regex(/^[0-9a-f]{64}$/);
const instant = z.iso.datetime({ offset: true });

export const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('slots'), solutionId: uuid, serviceId: uuid, from: date, to: date }),
  z.object({
    action: z.literal('book'),
    solutionId: uuid,
    serviceId: uuid,
    start: instant,
    staffId: uuid.nullish(),
    email: z.string().max(320),
    name: z.string().max(200).nullish(),
    phone: z.string().max(40).nullish(),
    consent: z.boolean().default(false),
    marketingConsent: z.boolean().default(false),
    answers: z.record(z.string().max(100), z.unknown()).default({}),
    honeypot: z.string().max(500).nullish(),
    shownAt: instant,
  }),
  z.object({ action: z.literal('view'), token }),
  z.object({ action: z.literal('reschedule'), token, start: instant, staffId: uuid.nullish() }),
  z.object({ action: z.literal('cancel'), token }),
  z.object({ action: z.literal('confirm'), token }),
  z.object({ action: z.literal('organizer-cancel'), bookingId: uuid }),
]);
export type BookingRequest = z.infer<typeof requestSchema>;

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const moment = z.string().transform((text) => new Date(text));

/** booking_slot_inputs' answer. */
export const slotInputsSchema = z.object({
  now: moment,
  solution: z.object({ closed_on_holidays: z.boolean(), slot_interval_minutes: z.number().int() }),
  service: z.object({
    id: z.string(),
    duration_minutes: z.number().int(),
    buffer_before_minutes: z.number().int(),
    buffer_after_minutes: z.number().int(),
    minimum_notice_minutes: z.number().int(),
    booking_window_days: z.number().int(),
    daily_limit: z.number().int().nullable(),
    weekly_limit: z.number().int().nullable(),
    seats: z.number().int(),
  }),
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      availability: z.array(z.object({ weekday: z.number().int(), start: hhmm, end: hhmm })),
    }),
  ),
  exceptions: z.array(
    z.object({ date, staff_id: z.string().nullable(), start: hhmm.nullable(), end: hhmm.nullable() }),
  ),
  bookings: z.array(
    z.object({
      id: z.string(),
      service_id: z.string(),
      staff_id: z.string(),
      start: moment,
      end: moment,
      blocked_start: moment,
      blocked_end: moment,
    }),
  ),
});
export type SlotInputs = z.input<typeof slotInputsSchema>;

/** A booking as its booker sees it (private.booking_view). */
export interface BookingView {
  id: string;
  solution_id: string;
  service_id: string;
  staff_id: string;
  status: string;
  start: string;
  end: string;
  changeable: boolean;
  /** A paid booking's order (null for one paid on site). */
  payment?: { order_id: string; status: string; total_ore: number; refunded_ore: number } | null;
  [more: string]: unknown;
}

export interface BookInput {
  solutionId: string;
  serviceId: string;
  staffId: string;
  start: string;
  clientIp: string;
  shownAt: string;
  honeypot: string | null;
  email: string;
  name: string | null;
  phone: string | null;
  consent: boolean;
  marketingConsent: boolean;
  answers: Record<string, unknown>;
  /** The payment provider that would charge a service paid online. */
  provider: 'stripe' | 'local' | null;
}

/** book_booking's answer: with the order of a service paid online. */
export interface Booked {
  booking: BookingView;
  token: string;
  order?: { id: string; number: number; organization_id: string; total_ore: number; expires_at: string };
}

/** The database's functions; each throws an Error whose message is the refusal's code. */
export interface BookingDb {
  slotInputs(
    solutionId: string,
    serviceId: string,
    from: string,
    to: string,
    clientIp: string,
  ): Promise<unknown>;
  /** booking_service_questions: the version the service asks before booking, null when none. */
  questions(solutionId: string, serviceId: string): Promise<unknown>;
  book(input: BookInput): Promise<Booked>;
  view(token: string, clientIp: string): Promise<BookingView>;
  reschedule(token: string, start: string, staffId: string, clientIp: string): Promise<BookingView>;
  cancel(token: string, clientIp: string): Promise<BookingView>;
  /** cancel_booking_by_organizer with the caller's JWT (owners and admins; a cancelled booking as it is). */
  cancelByOrganizer(jwt: string, bookingId: string): Promise<BookingView>;
}

/**
 * What happens after a write: the confirmation, change and cancellation e-mails with their `.ics`
 * (notices.ts); `token` is the manage link's, for the e-mail's link. A failure here never undoes the
 * booking.
 */
export interface BookingNotices {
  booked(booking: BookingView, token: string): Promise<void>;
  rescheduled(booking: BookingView, token: string): Promise<void>;
  cancelled(booking: BookingView): Promise<void>;
  /** A paid booking's confirmation, once (claimed): after its payment settled. */
  paid(booking: BookingView, token: string): Promise<void>;
}

export const NO_NOTICES: BookingNotices = {
  booked: () => Promise.resolve(),
  rescheduled: () => Promise.resolve(),
  cancelled: () => Promise.resolve(),
  paid: () => Promise.resolve(),
};

export interface BookingDeps {
  db: BookingDb;
  notices?: BookingNotices;
  /** Card payments of services paid online; without them such a booking is refused. */
  payments?: BookingPaymentDeps;
  /** The signed-in caller of `organizer-cancel` (the request's user JWT), or null. */
  authenticate?(request: Request): Promise<Caller | null>;
  trustedProxies?: TrustedProxies;
  log?: Log;
}

/** The database's refusals the visitor may see, with their status; anything else is a 500. */
const REFUSALS: Record<string, number> = {
  'booking-invalid': 400,
  'booking-answers-invalid': 400,
  'booking-not-found': 404,
  'booking-not-allowed': 403,
  'booking-service-not-found': 404,
  'booking-payment-required': 409,
  'booking-payments-not-ready': 409,
  'booking-slot-unavailable': 409,
  'booking-slot-taken': 409,
  'booking-too-late': 409,
  'booking-cancelled': 409,
  'campaign-write-refused': 403,
  'campaign-rate-limited': 429,
  'participant-consent-required': 400,
  'participant-email-invalid': 400,
  'participant-phone-invalid': 400,
};

const MAX_DAYS = 62;

/** The slot engine's query from the database's inputs. */
export function slotQueryOf(raw: unknown, from: string, to: string): SlotQuery {
  const inputs = slotInputsSchema.parse(raw);
  const { service } = inputs;
  return {
    service: {
      id: service.id,
      durationMinutes: service.duration_minutes,
      bufferBeforeMinutes: service.buffer_before_minutes,
      bufferAfterMinutes: service.buffer_after_minutes,
      minimumNoticeMinutes: service.minimum_notice_minutes,
      bookingWindowDays: service.booking_window_days,
      dailyLimit: service.daily_limit,
      weeklyLimit: service.weekly_limit,
      seats: service.seats,
    },
    staff: inputs.staff.map(({ id, availability }) => ({ id, availability })),
    exceptions: inputs.exceptions.map((e) => ({
      date: e.date,
      staffId: e.staff_id,
      start: e.start,
      end: e.end,
    })),
    bookings: inputs.bookings.map((b) => ({
      id: b.id,
      serviceId: b.service_id,
      staffId: b.staff_id,
      start: b.start,
      end: b.end,
      blockedStart: b.blocked_start,
      blockedEnd: b.blocked_end,
    })),
    intervalMinutes: inputs.solution.slot_interval_minutes,
    closedOnHolidays: inputs.solution.closed_on_holidays,
    isHoliday: isNorwegianHoliday,
    now: inputs.now,
    from,
    to,
  };
}

/**
 * The staff member who may take `start`: the one asked for when offered (null otherwise), else the
 * current one of a moved booking when offered, else the first offered; null: none.
 */
async function offeredStaff(
  db: BookingDb,
  ip: string,
  where: { solutionId: string; serviceId: string },
  start: Date,
  wanted: string | null | undefined,
  moving: BookingView | null = null,
): Promise<string | null> {
  const day = osloDate(start);
  const query = slotQueryOf(await db.slotInputs(where.solutionId, where.serviceId, day, day, ip), day, day);
  // A booking being moved does not stand in its own way.
  if (moving) query.bookings = query.bookings.filter((b) => b.id !== moving.id);
  const offered = staffOfferedAt(query, start);
  if (wanted) return offered.includes(wanted) ? wanted : null;
  if (moving && offered.includes(moving.staff_id)) return moving.staff_id;
  return offered[0] ?? null;
}

export async function handleBooking(request: Request, deps: BookingDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  const notices = deps.notices ?? NO_NOTICES;
  const input = await readBody(request, requestSchema);
  if (!input) return errorResponse(400, 'invalid-input');
  const ip = clientIp(request, deps.trustedProxies);
  const { db } = deps;

  try {
    switch (input.action) {
      case 'slots': {
        const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
        if (!(days >= 0 && days <= MAX_DAYS)) return errorResponse(400, 'invalid-input');
        const raw = await db.slotInputs(input.solutionId, input.serviceId, input.from, input.to, ip);
        const query = slotQueryOf(raw, input.from, input.to);
        const staff = slotInputsSchema.parse(raw).staff.map(({ id, name }) => ({ id, name }));
        return json(200, {
          staff,
          days: freeSlots(query).map((day) => ({
            date: day.date,
            slots: day.slots.map((slot) => ({
              start: slot.start.toISOString(),
              end: slot.end.toISOString(),
              staff_ids: slot.staffIds,
              seats_left: slot.seatsLeft,
            })),
          })),
        });
      }
      case 'book': {
        const checked = checkBookingAnswers(
          await db.questions(input.solutionId, input.serviceId),
          input.answers,
        );
        if (!checked.ok)
          return json(400, { error: { code: 'booking-answers-invalid', errors: checked.errors } });
        const start = new Date(input.start);
        const staffId = await offeredStaff(db, ip, input, start, input.staffId);
        if (!staffId) return errorResponse(409, 'booking-slot-unavailable');
        const answer = await db.book({
          solutionId: input.solutionId,
          serviceId: input.serviceId,
          staffId,
          start: start.toISOString(),
          clientIp: ip,
          shownAt: input.shownAt,
          honeypot: input.honeypot ?? null,
          email: input.email,
          name: input.name ?? null,
          phone: input.phone ?? null,
          consent: input.consent,
          marketingConsent: input.marketingConsent,
          answers: checked.answers,
          provider:
            deps.payments && deps.payments.provider.name !== 'unconfigured'
              ? deps.payments.provider.name
              : null,
        });
        if (answer.order) {
          if (!deps.payments) throw new BookingPaymentRefused('payments-not-configured');
          const payment = await startBookingPayment(answer.booking.id, answer.order, deps.payments);
          return json(201, { booking: answer.booking, token: answer.token, payment });
        }
        await notify(log, () => notices.booked(answer.booking, answer.token));
        return json(201, { booking: answer.booking, token: answer.token });
      }
      case 'view':
        return json(200, { booking: await db.view(input.token, ip) });
      case 'reschedule': {
        const current = await db.view(input.token, ip);
        const start = new Date(input.start);
        const where = { solutionId: current.solution_id, serviceId: current.service_id };
        const staffId = await offeredStaff(db, ip, where, start, input.staffId, current);
        if (!staffId) return errorResponse(409, 'booking-slot-unavailable');
        const booking = await db.reschedule(input.token, start.toISOString(), staffId, ip);
        await notify(log, () => notices.rescheduled(booking, input.token));
        return json(200, { booking });
      }
      case 'cancel': {
        const cancelled = await db.cancel(input.token, ip);
        const { booking } = await afterCancel(cancelled, 'customer', () => db.view(input.token, ip), deps);
        return json(200, { booking });
      }
      case 'organizer-cancel': {
        const caller = deps.authenticate ? await deps.authenticate(request) : null;
        if (!caller) return errorResponse(401, 'unauthorized');
        const cancel = () => db.cancelByOrganizer(caller.jwt, input.bookingId);
        return json(200, await afterCancel(await cancel(), 'organizer', cancel, deps));
      }
      case 'confirm': {
        const current = await db.view(input.token, ip);
        const orderId = current.payment?.order_id;
        if (!orderId || !deps.payments) return errorResponse(404, 'booking-not-found');
        const state =
          current.status === 'pending_payment'
            ? await confirmBookingPayment(orderId, { ...deps.payments, log })
            : current.status === 'cancelled'
              ? { status: 'failed' as const, error: { code: 'booking-payment-expired' } }
              : { status: 'succeeded' as const };
        if (state.status !== 'succeeded') return json(200, state);
        const booking = await db.view(input.token, ip);
        await notify(log, () => notices.paid(booking, input.token));
        return json(200, { status: 'succeeded', booking });
      }
    }
  } catch (error) {
    const code = error instanceof Error ? error.message : '';
    if (REFUSALS[code]) return errorResponse(REFUSALS[code], code);
    if (code === 'payments-not-configured') {
      log('booking: no payment provider configured');
      return errorResponse(500, code);
    }
    log('booking: unexpected failure', error);
    return errorResponse(500, 'unknown');
  }
}

/**
 * After a cancel: the customer's cancellation e-mail (claimed once), then a paid booking's refund in
 * full; `reread` answers the booking with its refunded order. The booking is cancelled either way: a
 * refund that fails is logged and said, for the seller to make.
 */
async function afterCancel(
  booking: BookingView,
  by: 'customer' | 'organizer',
  reread: () => Promise<BookingView>,
  deps: BookingDeps,
): Promise<{ booking: BookingView; refund: 'none' | 'refunded' | 'failed' }> {
  const log = deps.log ?? (() => undefined);
  await notify(log, () => (deps.notices ?? NO_NOTICES).cancelled(booking));
  const payment = booking.payment;
  if (!payment || payment.status !== 'paid' || payment.refunded_ore >= payment.total_ore) {
    return { booking, refund: 'none' };
  }
  try {
    if (!deps.payments) throw new Error('payments-not-configured');
    await refundCancelledBooking(booking.id, payment.order_id, by, { ...deps.payments, log });
    return { booking: await reread(), refund: 'refunded' };
  } catch (error) {
    log(`booking: the refund of booking ${booking.id} failed`, error);
    return { booking, refund: 'failed' };
  }
}

/** A notice that fails is logged; the visitor's booking stands. */
async function notify(log: Log, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    log('booking: a notice failed', error);
  }
}

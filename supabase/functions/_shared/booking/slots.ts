/**
 * The slot engine (docs/booking.md «Rules»): given a service's rules, its staff's weekly spans, the
 * exceptions, the live bookings, the holidays and `now`, the free starts per Oslo day. Pure: no clock,
 * no database, no holiday library (the caller passes `isHoliday`), so the booking function computes
 * what it offers and checks a slot again with the same code, and tests can name every case.
 *
 * Availability is Oslo wall-clock time; a span is walked in real minutes from its start, so on the
 * 23-hour and 25-hour DST days a span holds as many slots as it really lasts.
 */

export interface ServiceRules {
  id: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  dailyLimit: number | null;
  weeklyLimit: number | null;
  /** 1: one-to-one; more: that many bookings share one start. */
  seats: number;
}

/** A weekly span: ISO weekday (Monday = 1) and wall-clock times «HH:MM» (end may be «24:00»). */
export interface WeeklySpan {
  weekday: number;
  start: string;
  end: string;
}

export interface StaffAvailability {
  id: string;
  availability: WeeklySpan[];
}

/** A date's exception: closed (start and end null) or open these hours; staffId null: everyone. */
export interface DateException {
  date: string;
  staffId: string | null;
  start: string | null;
  end: string | null;
}

/** A live (not cancelled) booking: its appointment and blocked range (with its own buffers). */
export interface LiveBooking {
  /** Known to the booking function, so a moved booking leaves its own time out. */
  id?: string;
  serviceId: string;
  staffId: string;
  start: Date;
  end: Date;
  blockedStart: Date;
  blockedEnd: Date;
}

export interface SlotQuery {
  service: ServiceRules;
  /** The active staff who give the service. */
  staff: StaffAvailability[];
  exceptions: DateException[];
  bookings: LiveBooking[];
  intervalMinutes: number;
  closedOnHolidays: boolean;
  isHoliday: (date: string) => boolean;
  now: Date;
  /** Oslo dates «YYYY-MM-DD», both included. */
  from: string;
  to: string;
}

export interface Slot {
  start: Date;
  end: Date;
  /** The staff free at this start, in the order given. */
  staffIds: string[];
  /** The most seats left with one staff member (1 for a free one-to-one slot). */
  seatsLeft: number;
}

export interface DaySlots {
  date: string;
  slots: Slot[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const osloParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Oslo wall clock at an instant, as if it were UTC (milliseconds). */
function osloWallMs(instant: number): number {
  const part = Object.fromEntries(
    osloParts.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** Oslo's offset from UTC in milliseconds at an instant (+1 h or +2 h). */
function osloOffsetMs(instant: number): number {
  return osloWallMs(instant) - Math.floor(instant / 1000) * 1000;
}

function parseDate(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

function parseTime(time: string): [number, number] {
  const [hours, minutes] = time.split(':').map(Number);
  return [hours!, minutes!];
}

/**
 * An Oslo date and wall-clock time as an instant, as PostgreSQL's `private.oslo_moment` reads it: a
 * time in the spring-forward gap moves forward by the gap (offset before the jump), a time that occurs
 * twice in the autumn is the second, standard-time one.
 */
export function osloMoment(date: string, time: string): Date {
  const [hours, minutes] = parseTime(time);
  const wall = Date.UTC(...monthZero(parseDate(date)), hours, minutes);
  const before = osloOffsetMs(wall - DAY);
  const after = osloOffsetMs(wall + DAY);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => osloWallMs(instant) === wall);
  if (valid.length === 0) return new Date(wall - before);
  return new Date(Math.max(...valid));
}

function monthZero([year, month, day]: [number, number, number]): [number, number, number] {
  return [year, month - 1, day];
}

/** The Oslo date «YYYY-MM-DD» of an instant. */
export function osloDate(instant: Date): string {
  return new Date(osloWallMs(instant.getTime())).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.UTC(...monthZero(parseDate(date))) + days * DAY).toISOString().slice(0, 10);
}

/** ISO weekday of a date: Monday = 1 … Sunday = 7. */
export function isoWeekday(date: string): number {
  return new Date(Date.UTC(...monthZero(parseDate(date)))).getUTCDay() || 7;
}

/** The Monday of a date's ISO week. */
function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

interface Span {
  start: string;
  end: string;
}

/** Spans of a date's exceptions: null when none applies, [] when closed. */
function exceptionSpans(exceptions: DateException[]): Span[] | null {
  if (exceptions.length === 0) return null;
  if (exceptions.some((e) => e.start === null || e.end === null)) return [];
  return exceptions.map((e) => ({ start: e.start!, end: e.end! }));
}

/** A staff member's spans on a date: their own exception, the solution's, a holiday, the week. */
export function openSpans(query: SlotQuery, staff: StaffAvailability, date: string): Span[] {
  const onDate = query.exceptions.filter((e) => e.date === date);
  const own = exceptionSpans(onDate.filter((e) => e.staffId === staff.id));
  if (own) return own;
  const everyone = exceptionSpans(onDate.filter((e) => e.staffId === null));
  if (everyone) return everyone;
  if (query.closedOnHolidays && query.isHoliday(date)) return [];
  const weekday = isoWeekday(date);
  return staff.availability
    .filter((span) => span.weekday === weekday)
    .map(({ start, end }) => ({ start, end }));
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  aStart < bEnd && bStart < aEnd;

/** Seats left with a staff member at a start, or 0 when any other booking's time collides. */
function seatsLeftWith(query: SlotQuery, staffId: string, start: number, end: number): number {
  const { service } = query;
  const blockedStart = start - service.bufferBeforeMinutes * MINUTE;
  const blockedEnd = end + service.bufferAfterMinutes * MINUTE;
  let taken = 0;
  for (const booking of query.bookings) {
    if (booking.staffId !== staffId) continue;
    const sameSeatSlot =
      service.seats > 1 && booking.serviceId === service.id && booking.start.getTime() === start;
    if (sameSeatSlot) taken += 1;
    else if (overlaps(blockedStart, blockedEnd, booking.blockedStart.getTime(), booking.blockedEnd.getTime()))
      return 0;
  }
  return Math.max(service.seats - taken, 0);
}

/** The service's live bookings starting on Oslo dates for which `within` holds. */
function countServiceBookings(query: SlotQuery, within: (date: string) => boolean): number {
  return query.bookings.filter((b) => b.serviceId === query.service.id && within(osloDate(b.start))).length;
}

function limitReached(query: SlotQuery, date: string): boolean {
  const { dailyLimit, weeklyLimit } = query.service;
  if (dailyLimit !== null && countServiceBookings(query, (d) => d === date) >= dailyLimit) return true;
  if (weeklyLimit === null) return false;
  const monday = weekStart(date);
  const sunday = addDays(monday, 6);
  return countServiceBookings(query, (d) => d >= monday && d <= sunday) >= weeklyLimit;
}

/** The free slots per Oslo day from `from` to `to`, within the notice and the booking window. */
export function freeSlots(query: SlotQuery): DaySlots[] {
  const { service, now } = query;
  const today = osloDate(now);
  const lastDay = addDays(today, service.bookingWindowDays - 1);
  const earliest = now.getTime() + service.minimumNoticeMinutes * MINUTE;
  const duration = service.durationMinutes * MINUTE;
  const step = query.intervalMinutes * MINUTE;
  const days: DaySlots[] = [];
  for (let date = query.from; date <= query.to; date = addDays(date, 1)) {
    if (date < today || date > lastDay || limitReached(query, date)) {
      days.push({ date, slots: [] });
      continue;
    }
    const byStart = new Map<number, Slot>();
    for (const staff of query.staff) {
      for (const span of openSpans(query, staff, date)) {
        const spanEnd = osloMoment(date, span.end).getTime();
        for (let start = osloMoment(date, span.start).getTime(); start + duration <= spanEnd; start += step) {
          if (start < earliest) continue;
          const seatsLeft = seatsLeftWith(query, staff.id, start, start + duration);
          if (seatsLeft === 0) continue;
          const slot = byStart.get(start) ?? {
            start: new Date(start),
            end: new Date(start + duration),
            staffIds: [],
            seatsLeft: 0,
          };
          if (!slot.staffIds.includes(staff.id)) slot.staffIds.push(staff.id);
          slot.seatsLeft = Math.max(slot.seatsLeft, seatsLeft);
          byStart.set(start, slot);
        }
      }
    }
    days.push({ date, slots: [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime()) });
  }
  return days;
}

/** The staff members offered at exactly this start (the booking function's check before it books). */
export function staffOfferedAt(query: SlotQuery, start: Date): string[] {
  const date = osloDate(start);
  const day = freeSlots({ ...query, from: date, to: date })[0];
  return day?.slots.find((slot) => slot.start.getTime() === start.getTime())?.staffIds ?? [];
}

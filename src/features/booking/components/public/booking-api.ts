import { env } from '@/lib/env';
import { takeStartedRead } from '@/lib/public/early-read';
import type { PublicDesign } from '@/lib/public/public-design';
import { anonHeaders, PublicCallError, publicRpc } from '@/lib/public/public-rpc';

/** A service as `booking_public` answers it. */
export interface PublicBookingService {
  id: string;
  name: string;
  description: string;
  duration_minutes: number;
  /** Incl. MVA, in øre; null: no price shown. */
  price_ore: number | null;
  payment: 'online' | 'on_site';
  seats: number;
}

/** What `booking_public` answers: the page's solution (docs/booking.md «Den offentlige siden»). */
export interface PublicBookingSolution {
  id: string;
  name: string;
  organization_name: string;
  now: string;
  consent_text: string;
  marketing_consent_text: string | null;
  design: PublicDesign | null;
  /** The seller takes card payments: services paid online may be booked. */
  online_payments?: boolean;
  services: PublicBookingService[];
}

export interface BookingSlot {
  start: string;
  end: string;
  seats_left: number;
}

/** The `slots` action's days: only days with a free slot are worth showing. */
export interface SlotDay {
  date: string;
  slots: BookingSlot[];
}

/** A booking as its booker sees it (the function's `view`, `book`, `reschedule`, `cancel`). */
export interface BookingView {
  id: string;
  solution_id: string;
  solution_name: string;
  service_id: string;
  service_name: string;
  staff_name: string;
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'no_show';
  start: string;
  end: string;
  changeable: boolean;
  /** A paid booking's order (amounts in øre incl. MVA). */
  payment?: { order_id: string; status: string; total_ore: number; refunded_ore: number } | null;
}

/** What the card step needs for a service paid online (`book`'s `payment`). */
export interface BookingPayment {
  provider: 'stripe' | 'local';
  publishableKey: string | null;
  stripeAccount: string | null;
  clientSecret: string;
  totalOre: number;
  /** Until then the slot is held for the visitor. */
  expiresAt: string;
}

export interface Booked {
  booking: BookingView;
  token: string;
  payment?: BookingPayment;
}

/** A page's read by the id or token in its address; none there: the link is not found. */
export const readBy =
  <T>(key: string | null, read: (key: string, signal: AbortSignal) => Promise<T>) =>
  (signal: AbortSignal) =>
    key ? read(key, signal) : Promise.reject(Object.assign(new Error(), { code: 'booking-not-found' }));

/** The solution's read: on a page load `index.html` already started it (src/app/early-reads.ts). */
export const readSolution = (solutionId: string, signal: AbortSignal) =>
  publicRpc<PublicBookingSolution>(
    'booking_public',
    { input_solution_id: solutionId },
    { signal, started: takeStartedRead('booking_public', solutionId) },
  );

/** What a service asks before booking (`booking_service_questions`): a form's published version. */
export interface BookingQuestions {
  form_id: string;
  version_id: string;
  /** The form's definition (docs/forms.md), read by the question fields' lazy module. */
  definition: unknown;
}

export const readQuestions = (solutionId: string, serviceId: string, signal: AbortSignal) =>
  publicRpc<BookingQuestions | null>(
    'booking_service_questions',
    { input_solution_id: solutionId, input_service_id: serviceId },
    { signal },
  );

/**
 * One call of the public `booking` function (docs/booking.md «The function booking»); a refusal is
 * thrown as PublicCallError with its catalogue code (`booking-slot-taken`, …).
 */
async function bookingCall<T>(body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/booking`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicCallError('network', null);
  }
  const answer = (await response.json().catch(() => ({}))) as T & {
    error?: { code?: string; errors?: unknown[] };
  };
  if (response.ok) return answer;
  const code = answer.error?.code ?? (response.status === 429 ? 'rate-limited' : 'unknown');
  // booking-answers-invalid names its fields (the forms engine's errors).
  throw Object.assign(new PublicCallError(code as PublicCallError['code'], response.status), {
    errors: answer.error?.errors ?? [],
  });
}

/**
 * The days with free slots of a service between two Oslo dates (at most 62 days apart): the function
 * answers every day of the range, a closed one with no slots.
 */
export const readSlots = (
  where: { solutionId: string; serviceId: string; from: string; to: string },
  signal?: AbortSignal,
) =>
  bookingCall<{ days: SlotDay[] }>({ action: 'slots', ...where }, signal).then((answer) =>
    answer.days.filter((day) => day.slots.length > 0),
  );

export interface BookInput {
  solutionId: string;
  serviceId: string;
  start: string;
  email: string;
  name: string | null;
  phone: string | null;
  consent: boolean;
  marketingConsent: boolean;
  honeypot: string | null;
  shownAt: string;
  /** The answers to the service's questions, by block id. */
  answers: Record<string, unknown>;
}

export const book = (input: BookInput) => bookingCall<Booked>({ action: 'book', ...input });

/** A paid booking's payment now (the card step's server confirm); `booking` once it succeeded. */
export type PaymentAnswer =
  | { status: 'succeeded'; booking: BookingView }
  | { status: 'processing' }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: { code: string } };

export const confirmBookingPayment = (token: string) =>
  bookingCall<PaymentAnswer>({ action: 'confirm', token });

export const viewBooking = (token: string, signal: AbortSignal) =>
  bookingCall<{ booking: BookingView }>({ action: 'view', token }, signal).then((answer) => answer.booking);

export const rescheduleBooking = (token: string, start: string) =>
  bookingCall<{ booking: BookingView }>({ action: 'reschedule', token, start }).then(
    (answer) => answer.booking,
  );

export const cancelBooking = (token: string) =>
  bookingCall<{ booking: BookingView }>({ action: 'cancel', token }).then((answer) => answer.booking);

/** The manage page of a booking (the e-mail's link: supabase/functions/_shared/public-paths.ts). */
export const MANAGE_PATH = '/booking/endre';

export function manageHref(token: string) {
  const query = new URLSearchParams({ token });
  const language = new URLSearchParams(window.location.search).get('lang');
  if (language) query.set('lang', language);
  return `${MANAGE_PATH}?${query}`;
}

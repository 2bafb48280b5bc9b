import { CARD_ERROR_CODES } from '../../supabase/functions/_shared/card-error-codes.ts';
import { IMAGE_ERROR_CODES } from '../../supabase/functions/_shared/image-error-codes.ts';
import { CAMPAIGN_ERROR_CODES } from './public/campaign-codes';

/**
 * Every failure in the app ends as an AppError with a code from this list, and each code has one
 * Norwegian message: in the startup catalogue (locales/<lng>/errors.json), or in the lazily loaded
 * namespace of the screens that alone show it (LAZY_MESSAGE_CODES below).
 */
export const BUY_LEAD_ERROR_CODES = [
  'lead-not-found',
  'lead-already-bought',
  'organization-not-found',
  'lead-not-for-sale',
  'lead-not-available',
  'insufficient-tickets',
] as const;

/**
 * What the database answers when a listing would break what a sale promised
 * (supabase/migrations/20261124110000_lead_supply.sql) or share a lead without consent
 * (20261124110200_listing_consent.sql): raised as P0001 with the code as message.
 */
export const LISTING_ERROR_CODES = [
  'lead-already-sold-exclusively',
  'lead-buyers-exhausted',
  'lead-listed-elsewhere',
  'lead-consent-required',
] as const;

/** The card codes, one list with the payment functions (they answer with these). */
export { CARD_ERROR_CODES };

/** create-image's answers (docs/media.md), one list with the function. */
export { IMAGE_ERROR_CODES };

/**
 * payments-pack's refusals of a purchase (docs/payments.md «payments-pack»): no saved card to pay
 * with, a pack no longer on sale, a payment to confirm that does not exist.
 */
export const PACK_ERROR_CODES = ['no-saved-card', 'pack-not-found', 'card-payment-not-found'] as const;

/**
 * invite-member's refusals beyond the shared ones (invalid-email, forbidden): docs/auth-onboarding.md.
 */
export const INVITE_ERROR_CODES = ['invalid-role', 'already-member', 'already-invited'] as const;

/**
 * The media library's refusals: the browser's checks of a file before upload, an item still in use
 * (media_usages' foreign key, 23503), and a video whose renditions could not be made (docs/media.md).
 */
export const MEDIA_ERROR_CODES = [
  'media-too-large',
  'media-too-many-pixels',
  'media-type-unsupported',
  'media-type-mismatch',
  'media-video-too-long',
  'media-upload-failed',
  'media-in-use',
  'video-processing-failed',
  // This browser cannot decode the video or encode its renditions; another one may.
  'video-browser-unsupported',
] as const;

// The campaign engine's refusals, the same for every public tool: one list for the lean public client
// and this catalogue.
export { CAMPAIGN_ERROR_CODES };

/**
 * The calendars' refusals (supabase/migrations/20261126100000_calendars.sql, docs/calendars.md): the
 * door and quiz checks, the lottery-law guard, door dates and the draws. Raised as P0001 with the code
 * as message; the not-found ones as PT404.
 */
export const CALENDAR_ERROR_CODES = [
  'calendar-not-found',
  'calendar-ended',
  'calendar-door-not-found',
  'calendar-door-closed',
  'calendar-answer-required',
  'calendar-answer-invalid',
  'calendar-lottery-refused',
  'calendar-door-outside-period',
  'calendar-door-has-entries',
  'calendar-prize-mismatch',
  'calendar-prize-already-drawn',
  'calendar-door-still-open',
  'calendar-draw-no-entries',
  'calendar-draw-not-found',
  'calendar-draw-already-run',
  'calendar-draw-not-run',
  'calendar-draw-exhausted',
  'calendar-draw-count-invalid',
  'calendar-winner-decided',
  'calendar-winner-reason-required',
] as const;

/**
 * The competitions' refusals (supabase/migrations/20261128130000_competitions.sql,
 * docs/competitions.md): raised with the code as message and the HTTP status as errcode. Their
 * messages are the `competition-errors` namespace, which the competitions' screens and public pages
 * read (the public ones without i18next).
 */
export const COMPETITION_ERROR_CODES = [
  'competition-not-found',
  'competition-team-not-found',
  'competition-group-not-found',
  'competition-member-not-found',
  'competition-entry-not-found',
  'competition-team-full',
  'competition-group-full',
  'competition-no-open-team',
  'competition-team-name-taken',
  'competition-join-not-open',
  'competition-join-closed',
  'competition-not-started',
  'competition-ended',
  'competition-no-team',
  'competition-amount-invalid',
  'competition-entry-limit',
  'competition-day-limit',
  'competition-date-invalid',
  'competition-team-invalid',
  'competition-not-captain',
  'competition-invalid',
] as const;

/**
 * The forms' refusals (supabase/migrations/20261128170000_forms.sql, docs/forms.md «Database»):
 * raised with the code as message and the HTTP status as errcode; form-quota-full names the option in
 * the error's details (`{"block_id", "option_id"}`). Their messages are the `form-errors` namespace,
 * which the forms' screens and public pages read (the public ones without i18next).
 */
export const FORM_ERROR_CODES = [
  'form-not-found',
  'form-not-open',
  'form-closed',
  'form-full',
  'form-quota-full',
  'form-version-outdated',
  'form-invalid',
  'form-definition-invalid',
  'form-no-draft',
  'form-consent-required',
  'form-version-published',
] as const;

/**
 * The popups' refusals (supabase/migrations/20261128230000_popups.sql, docs/popups.md «The
 * database»), raised with the code as message and the HTTP status as errcode. Their messages are the
 * `popup-errors` namespace, which the popups' screens read; the site snippet carries its own texts.
 */
export const POPUP_ERROR_CODES = [
  'popup-not-found',
  'popup-site-refused',
  'popup-invalid',
  'popup-site-invalid',
  'popup-weights-invalid',
] as const;

/**
 * The checkouts' refusals (supabase/migrations/20261129040000_checkouts.sql and the order functions,
 * docs/checkouts.md «Error codes»), raised with the code as message and the HTTP status as errcode.
 * Their messages are the `checkout-errors` namespace: the checkouts' screens read it, and the public
 * checkout page imports the same file.
 */
export const CHECKOUT_ERROR_CODES = [
  'checkout-not-found',
  'checkout-no-products',
  'checkout-coupon-invalid',
  'checkout-coupon-expired',
  'checkout-coupon-used-up',
  'checkout-sold-out',
  'checkout-quantity-invalid',
  'checkout-fields-invalid',
  'checkout-session-invalid',
  'checkout-order-not-found',
  'checkout-refund-invalid',
  // checkout-pay: a Stripe platform takes a checkout's payment only on the seller's own account.
  'checkout-seller-not-connected',
] as const;

/**
 * The funnels' refusals (supabase/migrations/20261129170000_funnels.sql, funnel-offer; docs/funnels.md),
 * raised with the code as message. Their messages are the `funnel-errors` namespace: the funnels'
 * screens read it, and the public funnel pages import the same file.
 */
export const FUNNEL_ERROR_CODES = [
  'funnel-not-found',
  'funnel-step-not-found',
  'funnel-no-steps',
  'funnel-step-incomplete',
  'funnel-variants-traffic-invalid',
  'funnel-offer-expired',
  'funnel-offer-unavailable',
  'funnel-offer-taken',
] as const;

/**
 * The booking solutions' refusals (supabase/migrations/20261130100000_booking_solutions.sql, the
 * booking function; docs/booking.md «Error codes»), raised with the code as message. Their messages are
 * the `booking-errors` namespace: the booking screens read it, and the public booking page imports the
 * same file.
 */
export const BOOKING_ERROR_CODES = [
  'booking-not-found',
  'booking-service-not-found',
  'booking-invalid',
  'booking-answers-invalid',
  'booking-payment-required',
  'booking-payments-not-ready',
  'booking-payment-expired',
  'booking-slot-unavailable',
  'booking-slot-taken',
  'booking-too-late',
  'booking-cancelled',
  'booking-not-allowed',
  'booking-refund-required',
  'booking-staff-not-found',
] as const;

/**
 * The meeting rooms' and planner's refusals (supabase/migrations/20261130110000_meetings.sql;
 * docs/meetings.md), raised with the code as message. Their messages are the `meeting-errors` namespace;
 * the guest's answer page reads the same file.
 */
export const MEETING_ERROR_CODES = [
  'meeting-room-not-found',
  'meeting-room-inactive',
  'meeting-room-closed',
  'meeting-room-too-small',
  'meeting-room-taken',
  'meeting-time-invalid',
  'meeting-attendees-invalid',
  'meeting-booking-not-found',
  'meeting-booking-released',
  'meeting-check-in-not-open',
  'meeting-not-organizer',
  'meeting-poll-not-found',
  'meeting-poll-invalid',
  'meeting-poll-closed',
  'meeting-poll-deadline-passed',
  'meeting-poll-option-not-found',
  'meeting-invitee-invalid',
  'meeting-answer-invalid',
  'meeting-guest-link-invalid',
  'meeting-guest-name-invalid',
  'meeting-not-found',
] as const;

/**
 * The lifetime value screen's revenue refusals (supabase/migrations/20261201130000_lifetime_value.sql;
 * docs/lifetime-value.md): an import too large, an import or lead that is not there, and the four row
 * codes import_revenue reports per rejected row (the import dialog's preview says the same). Their
 * messages are the `revenue-errors` namespace.
 */
export const REVENUE_ERROR_CODES = [
  'revenue-import-too-large',
  'revenue-import-invalid',
  'revenue-import-not-found',
  'revenue-lead-not-found',
  'revenue-date-invalid',
  'revenue-amount-invalid',
  'revenue-vat-invalid',
  'revenue-customer-missing',
] as const;

/**
 * The lifetime value reports' refusals of their parameters (the same migration): the screen sends only
 * ranges that read and the windows it offers, so these mean a bug. Their messages are in
 * `revenue-errors` with the revenue codes (LAZY_MESSAGE_CODES), the one namespace the screen loads.
 */
export const LIFETIME_VALUE_ERROR_CODES = [
  'lifetime-value-range-invalid',
  'lifetime-value-churn-invalid',
  'lifetime-value-basis-invalid',
] as const;

export const AUTH_ERROR_CODES = [
  'weak_password',
  'session_not_found',
  'invalid_credentials',
  'email_not_confirmed',
  'phone_not_confirmed',
  'user_already_exists',
  'email_exists',
  'over_email_send_rate_limit',
  'over_sms_send_rate_limit',
  'over_request_rate_limit',
  'otp_expired',
  // A typed one-time code GoTrue refused (verifyCode): wrong and expired look the same to it.
  'otp-wrong-or-expired',
  'same_password',
  'missing-email-or-phone',
  'phone_exists',
  'email_address_invalid',
  'mfa_verification_failed',
  'otp_disabled',
  // A password change from an older session needs a code from the e-mail first; a wrong or old
  // code; removing a second factor from a session that has not used one.
  'reauthentication_needed',
  'reauthentication_not_valid',
  'insufficient_aal',
  // request-magic-link's answers (docs/auth-onboarding.md).
  'invalid-email',
  'invalid-redirect',
  'rate-limited',
] as const;

/**
 * What only a signed-in member meets: the marketplace, payments, invitations, the lead import, an
 * organization's settings (their messages are in the `member` namespace, LAZY_MESSAGE_CODES below).
 */
const MEMBER_ERROR_CODES = [
  'invalid-plan',
  // organizations_payments_email_insert's refusals (its exception messages).
  'receipt-email-exists',
  'too-many-receipt-emails',
  ...INVITE_ERROR_CODES,
  ...BUY_LEAD_ERROR_CODES,
  // buy-lead's answers beyond the six above (docs/lead-marketplace.md): paying with credits, a payment
  // that does not match the plan.
  'insufficient-credits',
  'invalid-payment',
  ...LISTING_ERROR_CODES,
  // The lead import's refusals (supabase/migrations/20261124100200_import_limit_is_413.sql).
  'import-too-many-rows',
  'import-invalid-payload',
  ...CARD_ERROR_CODES,
  ...PACK_ERROR_CODES,
] as const;

/**
 * The engine's two draw-record refusals: only the calendar editor meets them, so their messages are
 * in `calendar-errors` and no public page carries them.
 */
const DRAW_ERROR_CODES = ['campaign-prize-drawn', 'campaign-draw-append-only'] as const;

/** The codes the app's start-up knows by name: every code but the areas' (AREA_ERROR_CODES). */
export const NAMED_ERROR_CODES = [
  'unknown',
  'not-signed-in',
  'network',
  'forbidden',
  'not-found',
  // Any function's answer to a body it cannot read (not JSON, a field missing or malformed).
  'invalid-input',
  // accept_organization_invitation's PT404 (its message is the code).
  'invitation-not-found',
  // A unique constraint said no (Postgres 23505): the screen says what already exists.
  'already-exists',
  ...MEMBER_ERROR_CODES,
  ...MEDIA_ERROR_CODES,
  ...IMAGE_ERROR_CODES,
  ...CAMPAIGN_ERROR_CODES,
  ...DRAW_ERROR_CODES,
  ...LIFETIME_VALUE_ERROR_CODES,
  ...AUTH_ERROR_CODES,
] as const;

/**
 * Each public area's refusals, by the namespace that holds their messages. An area's codes begin
 * with its name and its namespace is `<name>-errors`, so the start-up routes them by that prefix
 * (AREA_ERROR_PREFIXES) and carries none of these lists: only types and tests read them.
 */
export const AREA_ERROR_CODES = {
  'calendar-errors': CALENDAR_ERROR_CODES,
  'competition-errors': COMPETITION_ERROR_CODES,
  'form-errors': FORM_ERROR_CODES,
  'popup-errors': POPUP_ERROR_CODES,
  'checkout-errors': CHECKOUT_ERROR_CODES,
  'funnel-errors': FUNNEL_ERROR_CODES,
  'booking-errors': BOOKING_ERROR_CODES,
  'meeting-errors': MEETING_ERROR_CODES,
  'revenue-errors': REVENUE_ERROR_CODES,
} as const;

export const AREA_ERROR_PREFIXES = [
  'calendar',
  'competition',
  'form',
  'popup',
  'checkout',
  'funnel',
  'booking',
  'meeting',
  'revenue',
] as const;
export type AreaErrorNamespace = `${(typeof AREA_ERROR_PREFIXES)[number]}-errors`;
const areaCode = new RegExp(`^(${AREA_ERROR_PREFIXES.join('|')})-[a-z0-9]+(?:-[a-z0-9]+)*$`);

/** The namespace of an area's code (`funnel-offer-expired` → `funnel-errors`), else undefined. */
export function areaNamespaceOf(code: string): AreaErrorNamespace | undefined {
  const match = areaCode.exec(code);
  return match ? (`${match[1]}-errors` as AreaErrorNamespace) : undefined;
}

type AreaErrorCode = (typeof AREA_ERROR_CODES)[keyof typeof AREA_ERROR_CODES][number];

export type AppErrorCode = (typeof NAMED_ERROR_CODES)[number] | AreaErrorCode;

/**
 * Named codes that only lazily loaded screens show, by the namespace that holds their messages (under
 * `errors` in locales/<lng>/<namespace>.json): the startup catalogue loads with every route, so a
 * route that never shows these does not download them. The areas' codes are routed by their prefix
 * (areaNamespaceOf). src/lib/error-message.ts reads them there.
 */
export const LAZY_MESSAGE_CODES = {
  // Every route that requires sign-in loads `member` (src/app/router.tsx), so the sign-in page does
  // not download them.
  member: MEMBER_ERROR_CODES,
  // The media library and the picker, which load `media`.
  media: [...MEDIA_ERROR_CODES, ...IMAGE_ERROR_CODES],
  // The campaign engine's, one message each for every area: the public pages read the same file
  // (src/lib/public/public-texts.ts), and an area's own file never repeats them.
  'campaign-errors': CAMPAIGN_ERROR_CODES,
  // The calendar editor loads `calendar-errors`, which holds these two beside the calendars' own.
  'calendar-errors': DRAW_ERROR_CODES,
  // The lifetime value screen loads `revenue-errors`, which holds these beside the revenue codes.
  'revenue-errors': LIFETIME_VALUE_ERROR_CODES,
} as const;

type LazyMessageCode = (typeof LAZY_MESSAGE_CODES)[keyof typeof LAZY_MESSAGE_CODES][number];
const lazyMessageCodes = new Set<string>(Object.values(LAZY_MESSAGE_CODES).flat());

/** The codes whose messages are in the startup catalogue: all the named ones but the lazy ones. */
export const STARTUP_MESSAGE_CODES = NAMED_ERROR_CODES.filter(
  (code): code is Exclude<(typeof NAMED_ERROR_CODES)[number], LazyMessageCode> => !lazyMessageCodes.has(code),
);

/** GoTrue's reasons on weak_password (characters, length, pwned). */
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

type AppErrorOptions = {
  cause?: unknown;
  reasons?: WeakPasswordReason[];
  /** The HTTP status of the answer that failed, when there was one. */
  status?: number;
  /** What the answer said beside its code (an edge function's `error` object without `code`). */
  details?: Record<string, unknown>;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly reasons: readonly WeakPasswordReason[];
  readonly status: number | null;
  readonly details: Readonly<Record<string, unknown>>;
  override readonly cause: unknown;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.cause = options.cause;
    this.reasons = options.reasons ?? [];
    this.status = options.status ?? null;
    this.details = options.details ?? {};
  }
}

const namedCodes = new Set<string>(NAMED_ERROR_CODES);

/** One of ours: a named code, or an area's by its prefix (one with no message reads as unknown). */
export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (namedCodes.has(value) || areaNamespaceOf(value) !== undefined);
}

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown; name?: unknown; reasons?: unknown };

// PostgREST codes that mean something to a user; everything else is `unknown`.
const POSTGREST_CODES: Record<string, AppErrorCode> = {
  '42501': 'forbidden',
  PGRST301: 'not-signed-in',
  PGRST116: 'not-found',
  '23505': 'already-exists',
};

/** Turns anything thrown or returned as `error` (supabase-js, fetch, edge functions) into an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error && typeof error === 'object') {
    const { code, message, status, name, reasons } = error as ErrorLike;
    if (isAppErrorCode(code)) {
      const weakReasons = Array.isArray(reasons) ? (reasons as WeakPasswordReason[]) : undefined;
      return new AppError(code, { cause: error, reasons: weakReasons });
    }
    // A database function's own refusal: `raise exception using errcode = 'P0001', message = '<code>'`.
    if (code === 'P0001' && isAppErrorCode(message)) return new AppError(message, { cause: error });
    if (typeof code === 'string' && Object.hasOwn(POSTGREST_CODES, code)) {
      return new AppError(POSTGREST_CODES[code] ?? 'unknown', { cause: error });
    }
    // A refusal raised with an HTTP status as its SQLSTATE (PT403, PT409, …: PostgREST answers with
    // that status) and the code as the message, as the competitions' functions and triggers do.
    if (typeof code === 'string' && /^PT\d{3}$/.test(code) && isAppErrorCode(message)) {
      return new AppError(message, { cause: error });
    }
    // Our RPCs raise SQLSTATE PT404 (PostgREST: HTTP 404) with their not-found code as the message
    // (invitation-not-found, organization-not-found, …): that code, else the generic not-found.
    if (code === 'PT404') {
      return new AppError(isAppErrorCode(message) ? message : 'not-found', { cause: error });
    }
    // A rate limit in a database function: SQLSTATE PT429 (HTTP 429) with its code as the message.
    if (code === 'PT429') {
      return new AppError(isAppErrorCode(message) ? message : 'rate-limited', { cause: error });
    }
    if (message === 'You must provide either an email or phone number and a password') {
      return new AppError('missing-email-or-phone', { cause: error });
    }
    if (name === 'AuthSessionMissingError') return new AppError('session_not_found', { cause: error });
    if (status === 401) return new AppError('not-signed-in', { cause: error });
    if (error instanceof TypeError && /fetch|network/i.test(String(message))) {
      return new AppError('network', { cause: error });
    }
  }
  return new AppError('unknown', { cause: error });
}

/** supabase-js resolves with `{ data, error }`; TanStack Query needs a rejection. */
export function unwrap<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw toAppError(result.error);
  return result.data;
}

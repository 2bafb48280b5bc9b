import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/auth-js';
import { PostgrestError } from '@supabase/postgrest-js';
import { errorMessage } from '@/lib/error-message';
import {
  AREA_ERROR_CODES,
  AREA_ERROR_PREFIXES,
  areaNamespaceOf,
  AUTH_ERROR_CODES,
  AppError,
  BUY_LEAD_ERROR_CODES,
  CAMPAIGN_ERROR_CODES,
  CARD_ERROR_CODES,
  COMPETITION_ERROR_CODES,
  FORM_ERROR_CODES,
  POPUP_ERROR_CODES,
  CHECKOUT_ERROR_CODES,
  FUNNEL_ERROR_CODES,
  BOOKING_ERROR_CODES,
  isAppErrorCode,
  MEETING_ERROR_CODES,
  LIFETIME_VALUE_ERROR_CODES,
  REVENUE_ERROR_CODES,
  LAZY_MESSAGE_CODES,
  MEDIA_ERROR_CODES,
  NAMED_ERROR_CODES,
  STARTUP_MESSAGE_CODES,
  toAppError,
  unwrap,
  type WeakPasswordReason,
} from '@/lib/errors';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import bookingEnJson from '@/locales/en/booking-errors.json';
import calendarsEnJson from '@/locales/en/calendar-errors.json';
import campaignEnJson from '@/locales/en/campaign-errors.json';
import checkoutEnJson from '@/locales/en/checkout-errors.json';
import competitionEnJson from '@/locales/en/competition-errors.json';
import errorsEnJson from '@/locales/en/errors.json';
import formEnJson from '@/locales/en/form-errors.json';
import funnelEnJson from '@/locales/en/funnel-errors.json';
import mediaEnJson from '@/locales/en/media.json';
import meetingEnJson from '@/locales/en/meeting-errors.json';
import memberEnJson from '@/locales/en/member.json';
import popupEnJson from '@/locales/en/popup-errors.json';
import revenueEnJson from '@/locales/en/revenue-errors.json';
import bookingNbJson from '@/locales/nb/booking-errors.json';
import calendarsNbJson from '@/locales/nb/calendar-errors.json';
import campaignNbJson from '@/locales/nb/campaign-errors.json';
import checkoutNbJson from '@/locales/nb/checkout-errors.json';
import competitionNbJson from '@/locales/nb/competition-errors.json';
import errorsNbJson from '@/locales/nb/errors.json';
import formNbJson from '@/locales/nb/form-errors.json';
import funnelNbJson from '@/locales/nb/funnel-errors.json';
import mediaNbJson from '@/locales/nb/media.json';
import meetingNbJson from '@/locales/nb/meeting-errors.json';
import memberNbJson from '@/locales/nb/member.json';
import popupNbJson from '@/locales/nb/popup-errors.json';
import revenueNbJson from '@/locales/nb/revenue-errors.json';
import { CARD_ERROR_CODES as FUNCTION_CARD_CODES } from '../../supabase/functions/_shared/card-error-codes.ts';
import bookingFunctionTs from '../../supabase/functions/booking/handler.ts?raw';
import checkoutPayTs from '../../supabase/functions/checkout-pay/handler.ts?raw';
import competitionsSql from '../../supabase/migrations/20261128130000_competitions.sql?raw';
import formsSql from '../../supabase/migrations/20261128170000_forms.sql?raw';
import popupsSql from '../../supabase/migrations/20261128230000_popups.sql?raw';
import checkoutsSql from '../../supabase/migrations/20261129040000_checkouts.sql?raw';
import checkoutRefundsSql from '../../supabase/migrations/20261129090000_checkout_refunds.sql?raw';
import checkoutOrdersSql from '../../supabase/migrations/20261129100000_checkout_orders.sql?raw';
import funnelsSql from '../../supabase/migrations/20261129170000_funnels.sql?raw';
import bookingsSql from '../../supabase/migrations/20261130100000_booking_solutions.sql?raw';
import meetingsSql from '../../supabase/migrations/20261130110000_meetings.sql?raw';
import bookingAdminSql from '../../supabase/migrations/20261130130000_booking_admin.sql?raw';
import noticesSql from '../../supabase/migrations/20261130150000_booking_meeting_notices.sql?raw';
import bookingPublicSql from '../../supabase/migrations/20261130155000_booking_public_page.sql?raw';
import lifetimeValueSql from '../../supabase/migrations/20261201130000_lifetime_value.sql?raw';
import bookingRestSql from '../../supabase/migrations/20261202110000_booking_owner_cancel_and_guest_links.sql?raw';

type Language = 'nb' | 'en';
const catalogues: Record<Language, Record<string, unknown>> = { nb: errorsNbJson, en: errorsEnJson };
/** Each lazy namespace's `errors`, in both languages. */
const lazyCatalogues: Record<string, Record<Language, Record<string, unknown>>> = {
  member: { nb: memberNbJson.errors, en: memberEnJson.errors },
  media: { nb: mediaNbJson.errors, en: mediaEnJson.errors },
  'campaign-errors': { nb: campaignNbJson.errors, en: campaignEnJson.errors },
  'calendar-errors': { nb: calendarsNbJson.errors, en: calendarsEnJson.errors },
  'competition-errors': { nb: competitionNbJson.errors, en: competitionEnJson.errors },
  'form-errors': { nb: formNbJson.errors, en: formEnJson.errors },
  'popup-errors': { nb: popupNbJson.errors, en: popupEnJson.errors },
  'checkout-errors': { nb: checkoutNbJson.errors, en: checkoutEnJson.errors },
  'funnel-errors': { nb: funnelNbJson.errors, en: funnelEnJson.errors },
  'booking-errors': { nb: bookingNbJson.errors, en: bookingEnJson.errors },
  'meeting-errors': { nb: meetingNbJson.errors, en: meetingEnJson.errors },
  'revenue-errors': { nb: revenueNbJson.errors, en: revenueEnJson.errors },
};
/** Every code a lazy namespace holds: the named ones and the area's own. */
const codesOf = (ns: string): string[] => [
  ...((LAZY_MESSAGE_CODES as Record<string, readonly string[]>)[ns] ?? []),
  ...((AREA_ERROR_CODES as Record<string, readonly string[]>)[ns] ?? []),
];
const namespaceOfCode = new Map(
  Object.keys(lazyCatalogues).flatMap((ns) => codesOf(ns).map((code) => [code, ns] as const)),
);
const memberNb = memberNbJson.errors;

/** A code's message where it lives: a lazy namespace's `errors` (member, media, engine, areas), else errors.json. */
function messageIn(language: Language, code: string): unknown {
  const ns = namespaceOfCode.get(code);
  return ns ? lazyCatalogues[ns]?.[language][code] : catalogues[language][code];
}
/** Every code: the named ones and the areas'. */
const APP_ERROR_CODES = [...NAMED_ERROR_CODES, ...Object.values(AREA_ERROR_CODES).flat()];
const WEAK_PASSWORD_REASONS: WeakPasswordReason[] = ['length', 'characters', 'pwned'];

const UNKNOWN_NB = 'Ukjent feil, noe gikk galt. Vennligst prøv igjen senere.';
const NOT_SIGNED_IN_NB = 'Du må være logget inn for å fortsette.';

beforeAll(async () => {
  await initI18n(undefined, 'nb');
  await loadNamespaces('member');
  await loadNamespaces('media');
  await loadNamespaces('campaign-errors');
  await loadNamespaces('calendar-errors');
  await loadNamespaces('competition-errors');
  await loadNamespaces('form-errors');
  await loadNamespaces('popup-errors');
  await loadNamespaces('checkout-errors');
  await loadNamespaces('funnel-errors');
  await loadNamespaces('booking-errors');
  await loadNamespaces('meeting-errors');
  await loadNamespaces('revenue-errors');
});

describe('error catalogue (locales/<lng>/errors.json; a lazy namespace for the member, media, engine and calendar codes)', () => {
  describe.each(['nb', 'en'] as const)('%s', (language) => {
    const catalogue = catalogues[language];

    it.each([...APP_ERROR_CODES])('has a message for %s', (code) => {
      const message = messageIn(language, code);
      expect(typeof message).toBe('string');
      expect((message as string).trim()).not.toBe('');
    });

    it.each(WEAK_PASSWORD_REASONS)('has a message for the weak_password reason %s', (reason) => {
      const message = catalogue[`weak_password_${reason}`];
      expect(typeof message).toBe('string');
      expect((message as string).trim()).not.toBe('');
    });

    it('holds no keys that are neither a code nor a weak_password reason', () => {
      const allowed = new Set<string>([
        ...STARTUP_MESSAGE_CODES,
        ...WEAK_PASSWORD_REASONS.map((reason) => `weak_password_${reason}`),
      ]);
      expect(Object.keys(catalogue).filter((key) => !allowed.has(key))).toEqual([]);
    });

    it('keeps the media and create-image messages in the media namespace, which only its screens load', () => {
      expect(LAZY_MESSAGE_CODES.media).toEqual(expect.arrayContaining([...MEDIA_ERROR_CODES]));
      // Any function answers a bad body with invalid-input, so every route can show it.
      expect(STARTUP_MESSAGE_CODES).toContain('invalid-input');
    });

    it.each(Object.keys(lazyCatalogues))('keeps exactly its own codes in %s', (ns) => {
      expect(Object.keys(lazyCatalogues[ns]?.[language] ?? {}).sort()).toEqual(codesOf(ns).sort());
    });

    it.each(Object.keys(AREA_ERROR_CODES))('gives each code in %s a message of its own', (ns) => {
      const codes = [...CAMPAIGN_ERROR_CODES, ...codesOf(ns)];
      expect(new Set(codes.map((code) => messageIn(language, code))).size).toBe(codes.length);
    });

    it('gives each buy-lead code a message of its own', () => {
      const messages = BUY_LEAD_ERROR_CODES.map((code) => messageIn(language, code));
      expect(new Set(messages).size).toBe(BUY_LEAD_ERROR_CODES.length);
      expect(messages).not.toContain(catalogue.unknown);
    });

    it('gives each card code a message of its own', () => {
      const messages = CARD_ERROR_CODES.map((code) => messageIn(language, code));
      expect(new Set(messages).size).toBe(CARD_ERROR_CODES.length);
      expect(messages).not.toContain(catalogue.unknown);
    });
  });

  it('lists the six buy-lead codes', () => {
    expect([...BUY_LEAD_ERROR_CODES].sort()).toEqual(
      [
        'lead-not-found',
        'lead-already-bought',
        'organization-not-found',
        'lead-not-for-sale',
        'lead-not-available',
        'insufficient-tickets',
      ].sort(),
    );
  });

  it.each(['nb', 'en'] as const)(
    'has a %s message for every card code the payment functions answer with',
    (language) => {
      const missing = FUNCTION_CARD_CODES.filter((code) => typeof messageIn(language, code) !== 'string');
      expect(missing).toEqual([]);
    },
  );

  it('includes every buy-lead, card and auth code in APP_ERROR_CODES, once', () => {
    for (const code of [...BUY_LEAD_ERROR_CODES, ...CARD_ERROR_CODES, ...AUTH_ERROR_CODES]) {
      expect(APP_ERROR_CODES).toContain(code);
    }
    expect(new Set(APP_ERROR_CODES).size).toBe(APP_ERROR_CODES.length);
  });

  it('has the exact Norwegian texts the catalogue gives', () => {
    expect(errorsNbJson.unknown).toBe(UNKNOWN_NB);
    expect(errorsNbJson['not-signed-in']).toBe(NOT_SIGNED_IN_NB);
  });

  it("says a full competition group can be swapped for another or a new one (the spec's message)", () => {
    expect(competitionNbJson.errors['competition-team-full']).toBe(
      'Gruppen er full. Prøv en annen gruppe, eller lag en ny.',
    );
  });

  it("has a message for every code the competitions' migration raises, and no other", () => {
    const raised = new Set(
      [...competitionsSql.matchAll(/message = '(competition-[a-z-]+)'/g)].map((match) => match[1]),
    );
    expect([...raised].sort()).toEqual([...COMPETITION_ERROR_CODES].sort());
  });

  it("has a message for every code the forms' migration raises, and no other", () => {
    const raised = new Set([...formsSql.matchAll(/message = '(form-[a-z-]+)'/g)].map((match) => match[1]));
    expect([...raised].sort()).toEqual([...FORM_ERROR_CODES].sort());
  });

  it("has a message for every code the popups' migration raises, and no other", () => {
    const raised = new Set([...popupsSql.matchAll(/message = '(popup-[a-z-]+)'/g)].map((match) => match[1]));
    expect([...raised].sort()).toEqual([...POPUP_ERROR_CODES].sort());
  });

  it("has a message for every code the checkouts' migrations and checkout-pay raise to a buyer or seller, and no other", () => {
    // 22023 is a programming error of the caller (a bad range, a bad release), not a message to show.
    const raised = new Set([
      ...[checkoutsSql, checkoutOrdersSql, checkoutRefundsSql].flatMap((sql) =>
        [...sql.matchAll(/errcode = '(P0001|PT404|PT403)', message = '(checkout-[a-z-]+)'/g)].map(
          (match) => match[2],
        ),
      ),
      // The function's own refusals (the seller's account, docs/checkouts.md «Where the money goes»).
      ...[...checkoutPayTs.matchAll(/errorResponse\(\d+, '(checkout-[a-z-]+)'\)/g)].map((match) => match[1]),
    ]);
    expect([...raised].sort()).toEqual([...CHECKOUT_ERROR_CODES].sort());
  });

  it("has a message for every code the funnels' migration raises to a buyer or seller, and no other", () => {
    // 22023 is a programming error of the caller (a bad template, range or event), not a message to show.
    const raised = new Set(
      [...funnelsSql.matchAll(/errcode = '(?:P0001|PT404|PT403|23514)', message = '(funnel-[a-z-]+)'/g)].map(
        (match) => match[1],
      ),
    );
    expect([...raised].sort()).toEqual([...FUNNEL_ERROR_CODES].sort());
  });

  it('has a message for every code the booking migrations and function raise, and no other', () => {
    const sql = [bookingsSql, bookingAdminSql, noticesSql, bookingPublicSql, bookingRestSql].join('\n');
    const raised = new Set([
      ...[...sql.matchAll(/errcode = '(?:P0001|PT403|PT404|PT409)', message = '(booking-[a-z-]+)'/g)].map(
        (match) => match[1],
      ),
      ...[...bookingFunctionTs.matchAll(/'(booking-[a-z-]+)'/g)].map((match) => match[1]),
    ]);
    expect([...raised].sort()).toEqual([...BOOKING_ERROR_CODES].sort());
  });

  it("has a message for every code the meetings' migrations raise, and no other", () => {
    const raised = new Set(
      [
        ...[meetingsSql, noticesSql, bookingRestSql]
          .join('\n')
          .matchAll(/errcode = '(?:P0001|PT404|PT403)', message = '(meeting-[a-z-]+)'/g),
      ].map((match) => match[1]),
    );
    expect([...raised].sort()).toEqual([...MEETING_ERROR_CODES].sort());
  });

  it('has a message for every code the lifetime value migration raises or reports, and no other', () => {
    const named = new Set(
      [...lifetimeValueSql.matchAll(/'((?:revenue|lifetime-value)-[a-z-]+)'/g)].map((match) => match[1]),
    );
    expect([...named].sort()).toEqual([...REVENUE_ERROR_CODES, ...LIFETIME_VALUE_ERROR_CODES].sort());
  });

  it('says in Norwegian which way forward a full quota option leaves', () => {
    expect(formNbJson.errors['form-quota-full']).toMatch(/Velg et annet alternativ/);
  });

  it('tells the buyer to buy more tickets when there are too few', () => {
    expect(memberNb['insufficient-tickets']).toMatch(/Kjøp flere klipp/);
  });
});

describe("the areas' codes, which the start-up routes by their prefix", () => {
  it('names each area by its namespace, and every code of an area begins with its name', () => {
    expect(Object.keys(AREA_ERROR_CODES)).toEqual(AREA_ERROR_PREFIXES.map((prefix) => `${prefix}-errors`));
    for (const [ns, codes] of Object.entries(AREA_ERROR_CODES)) {
      for (const code of codes) expect(areaNamespaceOf(code)).toBe(ns);
    }
  });

  it('routes no named code to an area', () => {
    expect(STARTUP_MESSAGE_CODES.filter((code) => areaNamespaceOf(code))).toEqual([]);
    const named = Object.values(LAZY_MESSAGE_CODES).flat() as string[];
    expect(named.filter((code) => areaNamespaceOf(code))).toEqual([]);
  });

  it("shows an area's message from its namespace, and the unknown one for a code it does not hold", () => {
    expect(errorMessage({ code: 'P0001', message: 'funnel-offer-expired' })).toBe(
      funnelNbJson.errors['funnel-offer-expired'],
    );
    expect(toAppError({ code: 'P0001', message: 'funnel-no-such-thing' }).code).toBe('funnel-no-such-thing');
    expect(errorMessage({ code: 'P0001', message: 'funnel-no-such-thing' })).toBe(UNKNOWN_NB);
  });
});

describe('isAppErrorCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isAppErrorCode('lead-already-bought')).toBe(true);
    expect(isAppErrorCode('card_declined')).toBe(true);
    expect(isAppErrorCode('weak_password_length')).toBe(false);
    expect(isAppErrorCode('checkout-sold-out')).toBe(true);
    expect(isAppErrorCode('checkout sold out')).toBe(false);
    expect(isAppErrorCode('42501')).toBe(false);
    expect(isAppErrorCode(undefined)).toBe(false);
    expect(isAppErrorCode(42)).toBe(false);
  });
});

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('forbidden');
    expect(toAppError(error)).toBe(error);
  });

  it('takes a catalogue code from the error (edge function and RPC failures)', () => {
    const source = { code: 'lead-already-bought', message: 'already bought' };
    const error = toAppError(source);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('lead-already-bought');
    expect(error.cause).toBe(source);
    expect(error.name).toBe('AppError');
  });

  it.each(BUY_LEAD_ERROR_CODES)('maps the buy-lead code %s to itself', (code) => {
    expect(toAppError({ code }).code).toBe(code);
  });

  it.each(CARD_ERROR_CODES)('maps the card code %s to itself', (code) => {
    expect(toAppError({ code, message: 'Your card was declined.' }).code).toBe(code);
  });

  it('maps a database function’s own refusal (P0001 with a catalogue code) to that code', () => {
    const refusal = new PostgrestError({
      message: 'lead-already-sold-exclusively',
      details: '',
      hint: '',
      code: 'P0001',
    });
    expect(toAppError(refusal).code).toBe('lead-already-sold-exclusively');
    expect(toAppError({ code: 'P0001', message: 'lead-buyers-exhausted' }).code).toBe(
      'lead-buyers-exhausted',
    );
    // Any other message of a raise stays unknown: only catalogue codes are shown to users.
    expect(toAppError({ code: 'P0001', message: 'something internal' }).code).toBe('unknown');
    expect(errorMessage({ code: 'P0001', message: 'lead-listed-elsewhere' })).toMatch(
      /^Leadet er allerede til salgs på en annen markedsplass\./,
    );
  });

  it('maps PostgREST 42501 (RLS denied) to forbidden', () => {
    expect(toAppError({ code: '42501', message: 'permission denied' }).code).toBe('forbidden');
    const real = new PostgrestError({
      message: 'new row violates row-level security policy',
      details: '',
      hint: '',
      code: '42501',
    });
    expect(toAppError(real).code).toBe('forbidden');
  });

  it('maps PostgREST PGRST116 (no row for .single()) to not-found', () => {
    expect(toAppError({ code: 'PGRST116', details: 'The result contains 0 rows' }).code).toBe('not-found');
  });

  it('maps an RPC’s PT404 (HTTP 404) to the not-found code in its message, else not-found', () => {
    expect(toAppError({ code: 'PT404', message: 'invitation-not-found' }).code).toBe('invitation-not-found');
    expect(toAppError({ code: 'PT404', message: 'organization-not-found' }).code).toBe(
      'organization-not-found',
    );
    expect(toAppError({ code: 'PT404', message: 'something-else-not-found' }).code).toBe('not-found');
    expect(toAppError({ code: 'P0002', message: 'invitation-not-found' }).code).toBe('unknown');
  });

  it('maps a PT409 or PT403 refusal to the code in its message (a full team, a captain action)', () => {
    expect(toAppError({ code: 'PT409', message: 'competition-team-full' }).code).toBe(
      'competition-team-full',
    );
    expect(toAppError({ code: 'PT403', message: 'competition-not-captain' }).code).toBe(
      'competition-not-captain',
    );
    expect(toAppError({ code: 'PT409', message: 'duplicate key' }).code).toBe('unknown');
  });

  it('maps an RPC’s PT429 (HTTP 429) to the rate-limit code in its message, else rate-limited', () => {
    expect(toAppError({ code: 'PT429', message: 'campaign-rate-limited' }).code).toBe(
      'campaign-rate-limited',
    );
    expect(toAppError({ code: 'PT429', message: 'slow-down' }).code).toBe('rate-limited');
    expect(toAppError({ code: 'P0001', message: 'calendar-lottery-refused' }).code).toBe(
      'calendar-lottery-refused',
    );
  });

  it('maps PostgREST PGRST301 (bad JWT) to not-signed-in', () => {
    expect(toAppError({ code: 'PGRST301', message: 'JWT expired' }).code).toBe('not-signed-in');
  });

  it('maps a missing session to session_not_found', () => {
    expect(toAppError({ name: 'AuthSessionMissingError', message: 'Auth session missing!' }).code).toBe(
      'session_not_found',
    );
    expect(toAppError(new AuthSessionMissingError()).code).toBe('session_not_found');
  });

  it('keeps the reasons of weak_password', () => {
    const error = toAppError({ code: 'weak_password', reasons: ['length', 'pwned'] });
    expect(error.code).toBe('weak_password');
    expect(error.reasons).toEqual(['length', 'pwned']);

    const real = toAppError(new AuthWeakPasswordError('Password is too weak', 422, ['characters']));
    expect(real.code).toBe('weak_password');
    expect(real.reasons).toEqual(['characters']);
  });

  it('maps GoTrue auth codes to themselves', () => {
    expect(toAppError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials')).code).toBe(
      'invalid_credentials',
    );
    expect(toAppError({ code: 'otp_expired', status: 403 }).code).toBe('otp_expired');
  });

  it('maps GoTrue’s English “email or phone and a password” message to missing-email-or-phone', () => {
    expect(
      toAppError({ message: 'You must provide either an email or phone number and a password' }).code,
    ).toBe('missing-email-or-phone');
  });

  it('maps an HTTP 401 to not-signed-in', () => {
    expect(toAppError({ status: 401, message: 'Unauthorized' }).code).toBe('not-signed-in');
  });

  it('maps a unique-constraint refusal (23505) to already-exists', () => {
    expect(toAppError({ code: '23505', message: 'duplicate key' }).code).toBe('already-exists');
  });

  it('maps a failed fetch to network', () => {
    expect(toAppError(new TypeError('Failed to fetch')).code).toBe('network');
    expect(toAppError(new TypeError('NetworkError when attempting to fetch resource.')).code).toBe('network');
  });

  it.each<[string, unknown]>([
    ['a plain Error', new Error('boom')],
    ['an unrelated TypeError', new TypeError('x is undefined')],
    ['an unknown code', { code: 'no-such-code' }],
    ['an unknown PostgREST code', { code: '23503', message: 'foreign key violation' }],
    ['a weak_password reason key', { code: 'weak_password_length' }],
    ['a string', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 500],
  ])('maps %s to unknown', (_label, input) => {
    const error = toAppError(input);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('unknown');
    expect(error.cause).toBe(input);
    expect(error.reasons).toEqual([]);
  });

  // KNOWN BUG (src/lib/errors.ts toAppError): POSTGREST_CODES is a plain object, so a code that
  // names an Object.prototype member ('constructor', 'toString', …) is looked up on the prototype
  // and the AppError gets a function as its code. Remove `.fails` once the lookup uses
  // Object.hasOwn (or a Map).
  it.each(['constructor', 'toString', '__proto__'])('maps the prototype key %j to unknown', (code) => {
    expect(toAppError({ code }).code).toBe('unknown');
  });
});

describe('unwrap', () => {
  it('returns data when there is no error', () => {
    const data = [{ id: 'lead-1' }];
    expect(unwrap({ data, error: null })).toBe(data);
    expect(unwrap({ data: null, error: null })).toBeNull();
  });

  it('throws an AppError with the mapped code when there is an error', () => {
    const source = { code: '42501', message: 'permission denied', details: '', hint: '' };
    let thrown: unknown;
    try {
      unwrap({ data: null, error: source });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('forbidden');
    expect((thrown as AppError).cause).toBe(source);
  });

  it('throws for catalogue codes too', () => {
    expect(() => unwrap({ data: null, error: { code: 'insufficient-tickets' } })).toThrow(AppError);
    expect(() => unwrap({ data: null, error: { code: 'insufficient-tickets' } })).toThrow(
      expect.objectContaining({ code: 'insufficient-tickets' }),
    );
  });
});

describe('errorMessage (nb)', () => {
  it('gives the catalogue’s unknown text for anything unrecognised', () => {
    expect(errorMessage(new Error('boom'))).toBe(UNKNOWN_NB);
    expect(errorMessage(undefined)).toBe(UNKNOWN_NB);
    expect(errorMessage('no-such-code')).toBe(UNKNOWN_NB);
  });

  it('gives the catalogue’s not-signed-in text', () => {
    expect(errorMessage('not-signed-in')).toBe(NOT_SIGNED_IN_NB);
    expect(errorMessage(new AppError('not-signed-in'))).toBe(NOT_SIGNED_IN_NB);
    expect(errorMessage({ status: 401 })).toBe(NOT_SIGNED_IN_NB);
  });

  it.each([...APP_ERROR_CODES])('gives the catalogue text for %s', (code) => {
    expect(errorMessage(code)).toBe(messageIn('nb', code));
  });

  it('reads the code of a buy-lead failure', () => {
    expect(errorMessage({ code: 'lead-already-bought' })).toBe(memberNb['lead-already-bought']);
  });

  it('lists the Norwegian reasons after the weak_password message', () => {
    const message = errorMessage({ code: 'weak_password', reasons: ['length', 'pwned'] });
    expect(message).toBe(
      [errorsNbJson.weak_password, errorsNbJson.weak_password_length, errorsNbJson.weak_password_pwned].join(
        ' ',
      ),
    );
    expect(message).toContain('Passordet må ha minst 8 tegn.');
    expect(message).not.toContain(errorsNbJson.weak_password_characters);
  });

  it('gives only the weak_password message when GoTrue gave no reasons', () => {
    expect(errorMessage({ code: 'weak_password' })).toBe(errorsNbJson.weak_password);
  });

  it('translates GoTrue’s English message rather than showing it', () => {
    expect(errorMessage({ message: 'You must provide either an email or phone number and a password' })).toBe(
      errorsNbJson['missing-email-or-phone'],
    );
  });
});

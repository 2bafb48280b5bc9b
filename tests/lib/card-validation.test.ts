import { cardOf, formatCardNumber, formatExpiry, passesLuhn, validateCard } from '@/lib/card-validation';
import { stripeErrorCode } from '@/lib/stripe-error-code';

// The user's clock (as Elements): 22 November 2026.
const NOW = new Date(2026, 10, 22, 12, 0);
const valid = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('the local card form validates with Elements’ codes', () => {
  it.each([
    ['an empty number', { number: '' }, 'incomplete_number'],
    ['a short number', { number: '4242 4242 4242' }, 'incomplete_number'],
    ['a number that fails Luhn', { number: '4242 4242 4242 4241' }, 'incorrect_number'],
    ['an empty expiry', { expiry: '' }, 'incomplete_expiry'],
    ['a month without a year', { expiry: '12/' }, 'incomplete_expiry'],
    ['month 13', { expiry: '13/30' }, 'invalid_expiry_month'],
    ['month 00', { expiry: '00/30' }, 'invalid_expiry_month'],
    ['last year', { expiry: '12/25' }, 'invalid_expiry_year'],
    ['a past month of this year', { expiry: '10/26' }, 'invalid_expiry_month'],
    ['more than 50 years ahead', { expiry: '01/99' }, 'invalid_expiry_year'],
    ['an empty CVC', { cvc: '' }, 'incomplete_cvc'],
    ['two CVC digits', { cvc: '12' }, 'incomplete_cvc'],
    ['four CVC digits on a Visa', { cvc: '1234' }, 'invalid_cvc'],
    ['three CVC digits on an Amex', { number: '3782 822463 10005', cvc: '123' }, 'incomplete_cvc'],
  ])('%s → %s', (_name, change, code) => {
    expect(validateCard({ ...valid, ...change }, NOW)).toBe(code);
  });

  it('accepts every test card of the contract, this month included', () => {
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '4000002500003155',
      '4000002760003184',
      '4000008260003178',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '4000000000000119',
      '4000000000000341',
      '3566002020360505',
    ]) {
      expect(passesLuhn(number)).toBe(true);
      expect(validateCard({ ...valid, number }, NOW)).toBeNull();
    }
    expect(validateCard({ ...valid, expiry: '11/26' }, NOW)).toBeNull();
    expect(validateCard({ number: '3782 822463 10005', expiry: '01/30', cvc: '1234' }, NOW)).toBeNull();
  });

  it('reports the first problem in the order of the fields', () => {
    expect(validateCard({ number: '4242', expiry: '13/30', cvc: '' }, NOW)).toBe('incomplete_number');
    expect(validateCard({ ...valid, expiry: '13/30', cvc: '' }, NOW)).toBe('invalid_expiry_month');
  });

  it('formats the number with a space after every fourth digit and the expiry as MM/ÅÅ', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0027 6000x3184')).toBe('4000 0027 6000 3184');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12/', '12/3')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(cardOf(valid)).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
  });
});

describe('Stripe.js errors become the catalogue’s card codes', () => {
  it.each([
    [{ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }, 'insufficient_funds'],
    [{ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }, 'card_declined'],
    [{ type: 'card_error', code: 'expired_card' }, 'expired_card'],
    [{ type: 'card_error', code: 'incorrect_cvc' }, 'invalid_cvc'],
    [{ type: 'validation_error', code: 'incomplete_number' }, 'incomplete_number'],
    [{ type: 'validation_error', code: 'invalid_expiry_year_past' }, 'invalid_expiry_year'],
    [
      { type: 'invalid_request_error', code: 'setup_intent_authentication_failure' },
      'authentication_required',
    ],
    [{ type: 'card_error', code: 'something_new' }, 'card_error'],
    [{ type: 'rate_limit_error' }, 'rate_limit'],
    [{ type: 'invalid_request_error', code: 'parameter_missing' }, 'invalid_request_error'],
    [{ type: 'api_connection_error' }, 'api_error'],
  ])('%o → %s', (error, code) => {
    expect(stripeErrorCode(error)).toBe(code);
  });
});

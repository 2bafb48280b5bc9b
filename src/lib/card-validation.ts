/** The local test card form's checks, as Elements makes them: the payments screens and the public checkout share them. */
import type { CardErrorCode } from '@/lib/card-confirmation';

/** What the local test form holds, as typed (the number with spaces, the expiry as «MM/ÅÅ»). */
export type CardValues = { number: string; expiry: string; cvc: string };

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };

const digits = (value: string) => value.replace(/\D/g, '');

/** American Express 15 digits, Diners Club 14, every other test card 16. */
export function numberLength(number: string): number {
  if (/^3[47]/.test(number)) return 15;
  if (/^3(?:0[0-5]|[68])/.test(number)) return 14;
  return 16;
}

const cvcLength = (number: string) => (/^3[47]/.test(number) ? 4 : 3);

/** «4242 4242 4242 4242»: a space after every fourth digit, at most the card's length. */
export function formatCardNumber(value: string): string {
  const number = digits(value);
  return number.slice(0, numberLength(number)).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** «MM/ÅÅ» as the user types; a single digit above 1 becomes its month («4» → «04/»). */
export function formatExpiry(value: string, previous = ''): string {
  let numbers = digits(value).slice(0, 4);
  if (numbers.length === 1 && Number(numbers) > 1) numbers = `0${numbers}`;
  // Deleting the slash deletes the month's last digit too, instead of putting the slash right back.
  if (previous.endsWith('/') && value.length < previous.length) return numbers.slice(0, 1);
  if (numbers.length < 2) return numbers;
  return `${numbers.slice(0, 2)}/${numbers.slice(2)}`;
}

export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}

/** Luhn's check digit (ISO/IEC 7812), as Elements checks `incorrect_number`. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export function numberProblem(value: string): CardErrorCode | null {
  const number = digits(value);
  if (number.length < numberLength(number)) return 'incomplete_number';
  return passesLuhn(number) ? null : 'incorrect_number';
}

/** Month 01–12, not in the past (by the user's clock, as Elements), at most 50 years ahead. */
export function expiryProblem(value: string, now: Date): CardErrorCode | null {
  const numbers = digits(value);
  if (numbers.length < 4) return 'incomplete_expiry';
  const month = Number(numbers.slice(0, 2));
  const year = 2000 + Number(numbers.slice(2, 4));
  if (month < 1 || month > 12) return 'invalid_expiry_month';
  const thisYear = now.getFullYear();
  if (year < thisYear || year > thisYear + 50) return 'invalid_expiry_year';
  if (year === thisYear && month < now.getMonth() + 1) return 'invalid_expiry_month';
  return null;
}

export function cvcProblem(value: string, numberValue: string): CardErrorCode | null {
  const cvc = digits(value);
  const wanted = cvcLength(digits(numberValue));
  if (cvc.length < wanted) return 'incomplete_cvc';
  return cvc.length > wanted ? 'invalid_cvc' : null;
}

export type CardProblems = {
  number: CardErrorCode | null;
  expiry: CardErrorCode | null;
  cvc: CardErrorCode | null;
};

export function cardProblems(values: CardValues, now: Date): CardProblems {
  return {
    number: numberProblem(values.number),
    expiry: expiryProblem(values.expiry, now),
    cvc: cvcProblem(values.cvc, values.number),
  };
}

/** The first problem in the order of the fields (Elements answers with one code), or null. */
export function validateCard(values: CardValues, now: Date): CardErrorCode | null {
  const problems = cardProblems(values, now);
  return problems.number ?? problems.expiry ?? problems.cvc;
}

/** The card as payments-local takes it. */
export function cardOf(values: CardValues) {
  const expiry = digits(values.expiry);
  return {
    number: digits(values.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2, 4)),
    cvc: digits(values.cvc),
  };
}

import { isValidEmail, normalizeEmail, splitEmails } from '@/lib/validation/email';

describe('e-mail', () => {
  it.each([
    ['ola@example.no', true],
    ['ola.nordmann+tilbud@firma.example.no', true],
    // The database follows GoTrue, which needs no dot in the domain; the form says the same.
    ['ola@example', true],
    ['ola@@example.no', false],
    ['ola example@no.no', false],
    ['@example.no', false],
    ['ola@-example.no', false],
    ['ø@example.no', false],
  ] as const)('%j valid: %j', (input, valid) => {
    expect(isValidEmail(input)).toBe(valid);
  });

  it('is trimmed and lower-cased like the database stores it', () => {
    expect(normalizeEmail('  Ola@Example.NO ')).toBe('ola@example.no');
  });
});

describe('splitEmails', () => {
  it('splits on lines, commas, semicolons and spaces into unique normalized addresses', () => {
    expect(splitEmails('Kari@Example.no, ola@example.no;\nkari@example.no  per@example.no')).toEqual([
      'kari@example.no',
      'ola@example.no',
      'per@example.no',
    ]);
  });
});

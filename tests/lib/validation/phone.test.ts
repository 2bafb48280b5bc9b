import { normalizeNorwegianPhone, normalizePhone } from '@/lib/validation/phone';

describe('normalizeNorwegianPhone', () => {
  it.each([
    ['91234567', '+4791234567'],
    ['912 34 567', '+4791234567'],
    ['+47 912 34 567', '+4791234567'],
    ['0047 91 23 45 67', '+4791234567'],
    ['+47-22.12.34.56', '+4722123456'],
    ['(+47) 41234567', '+4741234567'],
    ['21234567', '+4721234567'],
    ['12345678', null],
    ['01234567', null],
    ['9123456', null],
    ['912345678', null],
    ['+46 91234567', null],
    ['+4791234567 ext 2', null],
    ['abc', null],
  ] as const)('%j → %j', (input, expected) => {
    expect(normalizeNorwegianPhone(input)).toBe(expected);
  });
});

describe('normalizePhone (sign-in: Norwegian or another country in E.164)', () => {
  it.each([
    ['912 34 567', '+4791234567'],
    ['+46 70 123 45 67', '+46701234567'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+47 12345678', null],
    ['4670123456', null],
    ['+0123456789', null],
  ] as const)('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

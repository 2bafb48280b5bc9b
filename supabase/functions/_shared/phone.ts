/**
 * Phone numbers as people type them in Norway: spaces, dots, dashes and parentheses allowed, with
 * or without +47 / 0047. A Norwegian number has eight digits and never starts with 0 or 1.
 * We store E.164 (+4791234567). Plain TypeScript shared by the app (src/lib/validation/phone.ts)
 * and the edge functions (the forms engine), so both accept the same numbers.
 */
const SEPARATORS = /[\s().-]/g;
const NORWEGIAN = /^(?:\+47|0047)?([2-9]\d{7})$/;
const INTERNATIONAL = /^\+(?!47)[1-9]\d{7,14}$/;

/** +47XXXXXXXX for a Norwegian number, else null. */
export function normalizeNorwegianPhone(input: string): string | null {
  const match = NORWEGIAN.exec(input.replace(SEPARATORS, ''));
  return match ? `+47${match[1]}` : null;
}

/** A Norwegian number as above, or another country's already in E.164 (`+` and 8–15 digits); else null. */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(SEPARATORS, '');
  return normalizeNorwegianPhone(compact) ?? (INTERNATIONAL.test(compact) ? compact : null);
}

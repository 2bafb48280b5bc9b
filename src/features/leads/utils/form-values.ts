const EMAIL_IN_TEXT = /[^\s@<>()[\]]+@[^\s@<>()[\]]+\.[a-z]{2,}/i;
// Runs of digits with the separators people type (spaces, dots, dashes, parentheses, a leading + or 00).
const DIGIT_RUN = /(?:\+|00)?\d[\d\s().-]{6,}\d/g;

/**
 * True when a teaser looks like it gives away contact details: an e-mail address or a phone
 * number (a Norwegian one has eight digits; with +47 / 0047 ten). Postal codes (four digits),
 * years and prices stay allowed.
 */
export function containsContactDetails(text: string): boolean {
  if (EMAIL_IN_TEXT.test(text)) return true;
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 8) return true;
  }
  return false;
}

/** Whole number in [min, max] from a form field; '' → fallback. */
export function parseWhole(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

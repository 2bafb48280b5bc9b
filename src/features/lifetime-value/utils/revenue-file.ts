import { parseDateText } from '@/components/date-parse';
import { parseKronerToOre } from '@/lib/kroner';
import { isValidEmail, normalizeEmail } from '@/lib/validation/email';
import { VAT_RATES } from '@/lib/vat';
import type { RevenueRow, RevenueRowCode } from '../api/revenue-imports';

/** What a column of a revenue file can hold. */
export const REVENUE_FIELDS = ['date', 'email', 'phone', 'name', 'amount', 'vat'] as const;
export type RevenueField = (typeof REVENUE_FIELDS)[number];
/** Each field's column index, or null when no column holds it. */
export type RevenueMapping = Record<RevenueField, number | null>;

// Header words in Norwegian and English; the first column that matches a field gets it.
const GUESSES: Record<RevenueField, RegExp> = {
  date: /dato|date|dag|tidspunkt/i,
  email: /e-?post|e-?mail|mail/i,
  phone: /telefon|phone|mobil|tlf/i,
  name: /navn|name|kunde|customer/i,
  amount: /beløp|belop|amount|sum|omsetning|total|pris|price|revenue/i,
  vat: /mva|vat|moms/i,
};

/** The mapping the headers suggest: each field to the first unclaimed column whose header names it. */
export function guessMapping(headers: readonly string[]): RevenueMapping {
  const taken = new Set<number>();
  const mapping = {} as RevenueMapping;
  // MVA first: «Beløp inkl. mva» is the amount, «MVA-sats» the rate.
  for (const field of ['vat', 'date', 'email', 'phone', 'amount', 'name'] as const) {
    const index = headers.findIndex(
      (header, at) =>
        !taken.has(at) && GUESSES[field].test(header) && !(field === 'vat' && GUESSES.amount.test(header)),
    );
    mapping[field] = index === -1 ? null : index;
    if (index !== -1) taken.add(index);
  }
  return mapping;
}

/** «2026-03-01», «01.03.2026», an Excel date with a time («2026-03-01 12:00») → `yyyy-mm-dd`. */
export function readDate(text: string): string | null {
  const trimmed = text.trim();
  const withTime = /^(\d{4}-\d{2}-\d{2})[ T]\d{1,2}:\d{2}/.exec(trimmed);
  return parseDateText(withTime?.[1] ?? trimmed);
}

/** «25», «25 %», «0,25» → 25; an empty cell → the fallback; anything else null. */
export function readVat(text: string, fallback: number): number | null {
  const trimmed = text.replace(/[\s%]/g, '').replace(',', '.');
  if (trimmed === '') return fallback;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  const percent = value > 0 && value < 1 ? Math.round(value * 100) : value;
  return (VAT_RATES as readonly number[]).includes(percent) ? percent : null;
}

export type CheckedRow =
  { line: number; row: RevenueRow; code: null } | { line: number; row: null; code: RevenueRowCode };

/** The earliest sale date the database takes. */
const FIRST_DATE = '2000-01-01';

/**
 * One file row as import_revenue takes it, or the first thing wrong with it (the database's own row
 * codes and rules, so the preview and the result say the same: a date from 2000 up to today in Oslo,
 * an amount above 0, a rate of 0, 12, 15 or 25, an e-mail or a phone). `line` is the row's number in
 * the file.
 */
export function checkRow(
  cells: readonly string[],
  line: number,
  mapping: RevenueMapping,
  options: { defaultVat: number; today: string },
): CheckedRow {
  const cell = (field: RevenueField) => {
    const index = mapping[field];
    return index === null ? '' : (cells[index] ?? '').trim();
  };
  const occurredOn = readDate(cell('date'));
  if (!occurredOn || occurredOn < FIRST_DATE || occurredOn > options.today) {
    return { line, row: null, code: 'revenue-date-invalid' };
  }
  const amount = parseKronerToOre(cell('amount'));
  if (amount === null || amount <= 0) return { line, row: null, code: 'revenue-amount-invalid' };
  const vat = readVat(cell('vat'), options.defaultVat);
  if (vat === null) return { line, row: null, code: 'revenue-vat-invalid' };
  const email = isValidEmail(cell('email')) ? normalizeEmail(cell('email')) : '';
  const phone = cell('phone');
  if (!email && !phone) return { line, row: null, code: 'revenue-customer-missing' };
  const name = cell('name');
  return {
    line,
    code: null,
    row: {
      occurred_on: occurredOn,
      amount_ore: amount,
      vat_rate: vat,
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(name ? { name } : {}),
    },
  };
}

import { isValidEmail, normalizeEmail } from '../../../lib/validation/email';
import { normalizeNorwegianPhone } from '../../../lib/validation/phone';
/**
 * Row validation for the lead importer, the same rules as public.import_leads (which re-checks all of
 * them): a name and an e-mail or phone; e-mail of the database's shape (lower-cased); Norwegian phone
 * numbers (8 digits starting 2–9, optional +47/0047) as +47XXXXXXXX; postal codes of 4 digits (3 digits
 * get their leading zero back — Excel drops it); lengths; duplicates within the file (by e-mail or
 * phone, the first occurrence wins) and against the organization's existing leads.
 */
import type { ColumnMapping, LeadField } from './fields';

export const REJECT_REASONS = [
  'name-required',
  'contact-required',
  'email-invalid',
  'phone-invalid',
  'postal-code-invalid',
  'too-long',
  'duplicate-in-file',
  'duplicate-existing',
  'invalid-row',
] as const;

export type RejectReason = (typeof REJECT_REASONS)[number];

/** What the import RPC receives per row (empty fields left out). */
export type LeadPayload = {
  name: string;
  email?: string;
  phone?: string;
  postal_code?: string;
  city?: string;
  company?: string;
  category?: string;
  area?: string;
  notes?: string;
  consent: boolean;
};

/** `row`: the row number as a spreadsheet shows it (the header is row 1); `index`: in the parsed rows. */
export type ValidRow = { row: number; index: number; lead: LeadPayload };
export type RejectedRow = { row: number; reason: RejectReason; values: string[] };
export type Validation = { valid: ValidRow[]; rejected: RejectedRow[] };

/** Four digits; three digits get the leading zero Excel drops (0150 → 150 → 0150); else null. */
export function normalizePostalCode(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}$/.test(trimmed)) return trimmed;
  if (/^\d{3}$/.test(trimmed)) return `0${trimmed}`;
  return null;
}

const YES = new Set(['ja', 'j', 'yes', 'y', 'true', 'sann', '1', 'x', 'ok', '✓', '✔']);

export function parseConsent(value: string): boolean {
  return YES.has(value.trim().toLowerCase());
}

const MAX_LENGTH: Partial<Record<LeadField, number>> = {
  name: 200,
  company: 200,
  city: 100,
  category: 100,
  area: 100,
  notes: 10000,
};

/** One row's values by field (after mapping), trimmed. */
function pick(values: readonly string[], mapping: ColumnMapping): Partial<Record<LeadField, string>> {
  const picked: Partial<Record<LeadField, string>> = {};
  mapping.forEach((field, index) => {
    if (!field) return;
    const value = (values[index] ?? '').trim();
    if (value) picked[field] = value;
  });
  return picked;
}

/** A row as a lead, or the first reason it cannot be one (duplicates aside). */
export function toLead(
  values: readonly string[],
  mapping: ColumnMapping,
): { lead: LeadPayload } | { reason: RejectReason } {
  const fields = pick(values, mapping);
  const name = fields.name ?? ([fields.first_name, fields.last_name].filter(Boolean).join(' ') || undefined);
  if (!name) return { reason: 'name-required' };
  if (!fields.email && !fields.phone) return { reason: 'contact-required' };

  const lead: LeadPayload = { name, consent: fields.consent ? parseConsent(fields.consent) : false };
  if (fields.email) {
    const email = normalizeEmail(fields.email);
    if (!isValidEmail(email)) return { reason: 'email-invalid' };
    lead.email = email;
  }
  if (fields.phone) {
    const phone = normalizeNorwegianPhone(fields.phone);
    if (!phone) return { reason: 'phone-invalid' };
    lead.phone = phone;
  }
  if (fields.postal_code) {
    const postalCode = normalizePostalCode(fields.postal_code);
    if (!postalCode) return { reason: 'postal-code-invalid' };
    lead.postal_code = postalCode;
  }
  for (const field of ['city', 'company', 'category', 'area', 'notes'] as const) {
    if (fields[field]) lead[field] = fields[field];
  }
  for (const [field, max] of Object.entries(MAX_LENGTH)) {
    const value = field === 'name' ? name : lead[field as keyof LeadPayload];
    if (typeof value === 'string' && value.length > max) return { reason: 'too-long' };
  }
  return { lead };
}

/** Lets the browser paint and handle input between chunks of work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export type Progress = (done: number, total: number) => void;

/**
 * Validates every row in chunks (yielding between them so 10,000 rows never freeze the page) and
 * marks later rows with an e-mail or phone seen earlier in the file as duplicates.
 */
export async function validateRows(
  rows: readonly string[][],
  mapping: ColumnMapping,
  options: { onProgress?: Progress; chunkSize?: number; rowNumbers?: readonly number[] } = {},
): Promise<Validation> {
  const { onProgress, chunkSize = 1000, rowNumbers } = options;
  const valid: ValidRow[] = [];
  const rejected: RejectedRow[] = [];
  const seenEmails = new Set<string>();
  const seenPhones = new Set<string>();

  for (let start = 0; start < rows.length; start += chunkSize) {
    const end = Math.min(rows.length, start + chunkSize);
    for (let index = start; index < end; index++) {
      const values = rows[index] ?? [];
      const row = rowNumbers?.[index] ?? index + 2;
      const result = toLead(values, mapping);
      if ('reason' in result) {
        rejected.push({ row, reason: result.reason, values });
        continue;
      }
      const { email, phone } = result.lead;
      const duplicate = (email && seenEmails.has(email)) || (phone && seenPhones.has(phone));
      if (email) seenEmails.add(email);
      if (phone) seenPhones.add(phone);
      if (duplicate) rejected.push({ row, reason: 'duplicate-in-file', values });
      else valid.push({ row, index, lead: result.lead });
    }
    onProgress?.(end, rows.length);
    if (end < rows.length) await yieldToEventLoop();
  }
  return { valid, rejected };
}

/** Moves rows whose e-mail or phone the organization already has to the rejected ones. */
export function markExisting(
  validation: Validation,
  rows: readonly string[][],
  existing: { emails: ReadonlySet<string>; phones: ReadonlySet<string> },
): Validation {
  const valid: ValidRow[] = [];
  const rejected = [...validation.rejected];
  for (const item of validation.valid) {
    const { email, phone } = item.lead;
    if ((email && existing.emails.has(email)) || (phone && existing.phones.has(phone))) {
      rejected.push({ row: item.row, reason: 'duplicate-existing', values: rows[item.index] ?? [] });
    } else valid.push(item);
  }
  rejected.sort((a, b) => a.row - b.row);
  return { valid, rejected };
}

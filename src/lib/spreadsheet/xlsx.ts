/**
 * Excel workbooks (.xlsx) for the importers (leads, revenue), read with read-excel-file (MIT, a zip reader and a SAX
 * parser, ≈ 17 KiB gzip). This module is only ever loaded by a dynamic import when the chosen file is
 * an .xlsx, so CSV imports never download it. The first sheet becomes the same shape as a CSV file — header row, rows
 * of strings, spreadsheet row numbers — and goes through the same mapping, validation, duplicate
 * check and report.
 */
import { readSheet } from 'read-excel-file/universal';

export type ParsedWorkbook = {
  format: 'xlsx';
  headers: string[];
  rows: string[][];
  /** Each row's number as Excel shows it (the header row is usually 1; empty rows count). */
  rowNumbers: number[];
};

/**
 * A cell as the text a CSV export would hold: numbers exactly as stored (no float formatting, so
 * 91234567 stays 91234567 — a postal code stored as 150 gets its zero back in validation like a CSV
 * one), booleans as true/false, dates as YYYY-MM-DD (with HH:MM when there is a time; Excel dates have
 * no time zone, read-excel-file gives them as UTC).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  return typeof value === 'number' ? String(value) : '';
}

/** Reads the first sheet: the first non-empty row is the header row; empty rows are left out. */
export async function readXlsx(buffer: ArrayBuffer): Promise<ParsedWorkbook> {
  // parseNumber keeps the number as written in the file (a string) instead of a float.
  const sheet = await readSheet<string>(buffer, { parseNumber: (text) => text });
  const headers: string[] = [];
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  let headerFound = false;
  sheet.forEach((row, index) => {
    const texts = row.map(cellText);
    if (texts.every((text) => text.trim() === '')) return;
    if (!headerFound) {
      headerFound = true;
      headers.push(...texts.map((text) => text.trim()));
      return;
    }
    rows.push(texts);
    rowNumbers.push(index + 1);
  });
  return { format: 'xlsx', headers, rows, rowNumbers };
}

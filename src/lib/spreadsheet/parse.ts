/**
 * Which parser a file needs, and parsing on the current thread (the lead importer's worker, or the
 * main thread). Kept apart from the importer's worker starter so the worker does not import it.
 */
import { readCsv, type ParsedCsv } from './csv';
import type { ParsedWorkbook } from './xlsx';

export type FileFormat = 'csv' | 'xlsx';
/** A parsed file: a CSV, or the first sheet of an Excel workbook, in the same shape. */
export type ParsedFile = (ParsedCsv & { format: 'csv' }) | ParsedWorkbook;

/** .xlsx / .xlsm by name, or any file that starts like a zip archive (an .xlsx is one). */
export function fileFormat(name: string, bytes: Uint8Array): FileFormat {
  if (/\.xls[xm]$/i.test(name)) return 'xlsx';
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';
}

/** Parses bytes on the current thread (the worker, or the main thread without workers). */
export async function parseBytes(buffer: ArrayBuffer, format: FileFormat): Promise<ParsedFile> {
  if (format === 'xlsx') {
    const { readXlsx } = await import('./xlsx');
    return readXlsx(buffer);
  }
  return { ...readCsv(new Uint8Array(buffer)), format: 'csv' };
}

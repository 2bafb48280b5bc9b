/**
 * CSV reading for the importers (leads, revenue): decoding (UTF-8 with or without BOM, UTF-16 with BOM, and
 * Windows-1252 for files from Norwegian Excel), delimiter detection (comma, semicolon, tab) and an
 * RFC 4180 parser (quoted fields, doubled quotes, line breaks inside quotes, CRLF/LF/CR).
 */

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

export const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t'];

/** Bytes to text. Valid UTF-8 is UTF-8; anything else is taken as Windows-1252 (Excel "CSV" in Norway). */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

// 0x80–0x9F of Windows-1252 (undefined bytes keep their C1 code point); the rest is Latin-1. Decoded
// by hand: some runtimes' TextDecoder('windows-1252') decodes these bytes as Latin-1.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * The delimiter that splits the first lines most consistently into the most columns (counted
 * outside quotes). Ties go to semicolon, Norwegian Excel's choice; a single column means comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: CsvDelimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = countPerLine(sample, delimiter, 20);
    if (counts.length === 0) continue;
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((count) => count === first).length;
    const score = first * 1000 + consistent;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function countPerLine(text: string, delimiter: string, maxLines: number): number[] {
  const counts: number[] = [];
  let count = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const char = text[i];
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && char === delimiter) count++;
    else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (char === '\r' && text[i + 1] === '\n') i++;
      counts.push(count);
      count = 0;
    }
  }
  if (counts.length < maxLines && count > 0) counts.push(count);
  return counts;
}

/** Parses CSV text into rows of fields. Rows where every field is empty are left out. */
export function parseCsv(text: string, delimiter: CsvDelimiter): string[][] {
  return parseCsvNumbered(text, delimiter).rows;
}

/**
 * As parseCsv, with each row's record number (1-based, counting the left-out empty rows too), so a
 * report can name rows as a spreadsheet shows them.
 */
export function parseCsvNumbered(
  text: string,
  delimiter: CsvDelimiter,
): { rows: string[][]; numbers: number[] } {
  const rows: string[][] = [];
  const numbers: number[] = [];
  let record = 0;
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let i = 0;
  const length = text.length;
  const delimiterCode = delimiter.charCodeAt(0);

  const endRow = () => {
    row.push(field);
    field = '';
    record++;
    if (row.some((value) => value !== '')) {
      rows.push(row);
      numbers.push(record);
    }
    row = [];
  };

  while (i < length) {
    const code = text.charCodeAt(i);
    if (inQuotes) {
      if (code === 34 /* " */) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      // copy up to the next quote in one go
      const next = text.indexOf('"', i);
      const end = next === -1 ? length : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (code === 34 && field === '') {
      inQuotes = true;
      i++;
    } else if (code === delimiterCode) {
      row.push(field);
      field = '';
      i++;
    } else if (code === 10 /* \n */ || code === 13 /* \r */) {
      endRow();
      i += code === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    } else {
      // an unquoted run (a quote inside it is kept as text)
      let end = i + 1;
      while (end < length) {
        const next = text.charCodeAt(end);
        if (next === delimiterCode || next === 10 || next === 13) break;
        end++;
      }
      field += text.slice(i, end);
      i = end;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return { rows, numbers };
}

export type ParsedCsv = {
  headers: string[];
  rows: string[][];
  /** Each row's number as a spreadsheet shows it (the header row is 1; empty rows count). */
  rowNumbers: number[];
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
};

/** Decodes, detects and parses a whole file; the first row is the header row. */
export function readCsv(bytes: Uint8Array): ParsedCsv {
  const { text, encoding } = decodeBytes(bytes);
  const delimiter = detectDelimiter(text);
  const parsed = parseCsvNumbered(text, delimiter);
  const [headerRow = [], ...rows] = parsed.rows;
  return {
    headers: headerRow.map((header) => header.trim()),
    rows,
    rowNumbers: parsed.numbers.slice(1),
    delimiter,
    encoding,
  };
}

/** One CSV field, quoted when needed. */
export function csvField(value: string, delimiter: CsvDelimiter): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value;
}

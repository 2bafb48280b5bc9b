/** CSV as Excel in Norway reads it: «;»-separated UTF-8 with a byte-order mark. */
export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

/** Quotes a field when it holds the separator, quotes, line breaks or edge spaces; defuses formulas. */
export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  // A cell starting with = or @ (or + / - before a letter) is a formula in Excel: keep it text.
  if (/^[=@]/.test(text) || /^[+-][^\d\s(]/.test(text)) text = `'${text}`;
  if (/[";\r\n,]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** A download's file name: the campaign's name as a slug, what the file holds and today's Oslo date. */
export const csvFileName = (name: string, what: string, fallback: string, today: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9æøå]+/g, '-')
      .replace(/^-|-$/g, '') || fallback
  }-${what}-${today}.csv`;

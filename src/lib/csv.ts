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

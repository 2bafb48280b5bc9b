import { buildCsv } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import type { TableCells } from './report-tables';

/** What the export writes: the filters as label/value lines, then each table as the screen shows it. */
export type ExportContent = {
  filters: readonly (readonly [string, string])[];
  tables: readonly TableCells[];
};

/** One CSV: the filters, then each table under its title, a blank line between. */
export function exportCsv(content: ExportContent): string {
  const lines: string[][] = content.filters.map(([label, value]) => [label, value]);
  for (const { title, header, body } of content.tables) {
    lines.push([], [title], header, ...body);
  }
  const [first = [], ...rest] = lines;
  return buildCsv(first, rest);
}

export function downloadCsv(fileName: string, content: ExportContent) {
  downloadFile(`${fileName}.csv`, exportCsv(content));
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules). */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/** The workbook: «Filtre» first, then one sheet per table. Its writer loads only when asked for. */
export async function downloadXlsx(fileName: string, filtersTitle: string, content: ExportContent) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const cell = (value: string) => ({ value });
  const sheets = [
    { sheet: sheetName(filtersTitle), data: content.filters.map((line) => line.map(cell)) },
    ...content.tables.map(({ title, header, body }) => ({
      sheet: sheetName(title),
      data: [
        header.map((value) => ({ value, fontWeight: 'bold' as const })),
        ...body.map((row) => row.map(cell)),
      ],
    })),
  ];
  await writeXlsxFile(sheets).toFile(`${fileName}.xlsx`);
}

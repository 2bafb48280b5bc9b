import { csvField } from '@/lib/spreadsheet/csv';
import type { RejectedRow, RejectReason } from './validate';

/**
 * The downloadable report of rejected rows: UTF-8 with BOM and semicolons, so Norwegian Excel opens
 * it with æøå intact. Columns: row, reason, then the file's own columns.
 */
export function rejectedReportCsv(
  headers: readonly string[],
  rejected: readonly RejectedRow[],
  labels: { row: string; reason: string; reasonText: (reason: RejectReason) => string },
): string {
  const line = (values: readonly string[]) => values.map((value) => csvField(value, ';')).join(';');
  const lines = [line([labels.row, labels.reason, ...headers])];
  for (const item of rejected) {
    const values = headers.map((_, index) => item.values[index] ?? '');
    lines.push(line([String(item.row), labels.reasonText(item.reason), ...values]));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

import { buildCsv, csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { formatDate, formatTime, osloDateKey } from '@/lib/format';
import { blocksInOrder, isAnswerBlock, type FormDefinition } from '@/lib/forms/engine';
import { answerLines, type FormVersion, type ResultRow } from './results-data';

export type ExportHeader = { submitted: string; version: string; duration: string; score: string };

/**
 * The export's table: the fixed columns, then one per question of every version (the latest
 * version's labels first, a question only older versions had after), each response's answers as
 * their display values in its own version.
 */
export function exportTable(
  versions: readonly FormVersion[],
  rows: readonly ResultRow[],
  header: ExportHeader,
) {
  const columns = new Map<string, string>();
  for (const { definition } of versions) {
    for (const { block } of blocksInOrder(definition)) {
      if (!columns.has(block.id) && (isAnswerBlock(block) || block.kind === 'hidden')) {
        columns.set(block.id, isAnswerBlock(block) ? block.label : block.key);
      }
    }
  }
  const byVersion = new Map(versions.map((version) => [version.version, version.definition]));
  const ids = [...columns.keys()];
  const body = rows.map((row) => {
    const definition: FormDefinition | undefined = byVersion.get(row.version);
    const values = new Map(
      definition ? answerLines(definition, row).map((line) => [line.id, line.value]) : [],
    );
    return [
      `${formatDate(row.submitted_at)} ${formatTime(row.submitted_at)}`,
      String(row.version),
      row.duration_ms === null ? '' : String(Math.round(row.duration_ms / 1000)),
      row.score === null ? '' : String(row.score),
      ...ids.map((id) => values.get(id) ?? ''),
    ];
  });
  return {
    header: [header.submitted, header.version, header.duration, header.score, ...columns.values()],
    body,
  };
}

const fileName = (name: string, extension: 'csv' | 'xlsx') =>
  csvFileName(name, 'svar', 'skjema', osloDateKey(new Date())).replace(/\.csv$/, `.${extension}`);

export function downloadCsv(name: string, table: ReturnType<typeof exportTable>) {
  downloadFile(fileName(name, 'csv'), buildCsv(table.header, table.body));
}

/** The workbook's writer loads only when someone asks for one. */
export async function downloadXlsx(name: string, table: ReturnType<typeof exportTable>) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const sheet = [table.header, ...table.body].map((row) => row.map((value) => ({ value })));
  await writeXlsxFile(sheet).toFile(fileName(name, 'xlsx'));
}

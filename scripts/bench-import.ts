/**
 * Benchmarks the lead importer (/leads/importer): parsing and validating a Norwegian Excel CSV
 * (Windows-1252, semicolons, quoted notes with line breaks) with the app's own code, then importing
 * the valid rows into an in-memory platform (PGlite + the project's migrations) the way the page does
 * (import_leads_stage parts of 2,000 + one import_leads). Prints rows/s; asserts nothing.
 * Also reads the same rows as an Excel workbook (.xlsx, made with write-excel-file) with the importer's
 * reader (src/lib/spreadsheet/xlsx.ts, read-excel-file) — the page does this in its worker.
 *
 *   npm run bench:import [-- --rows 10000]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import writeXlsxFile from 'write-excel-file/node';
import { guessMapping } from '../src/features/lead-import/utils/fields.ts';
import { validateRows } from '../src/features/lead-import/utils/validate.ts';
import { readCsv } from '../src/lib/spreadsheet/csv.ts';
import { readXlsx } from '../src/lib/spreadsheet/xlsx.ts';
import { applyMigrations } from '../supabase/local/db/migrate.ts';
import { adminClient, signedInUser } from '../supabase/local/testing/auth-helpers.ts';
import { startTestPlatform } from '../supabase/local/testing/test-platform.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const PART_SIZE = 2000;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

const ROWS = Math.min(option('rows', 10000), 10000);

function file(rows: number): Uint8Array {
  const lines = ['Navn;E-post;Mobil;Postnr;Poststed;Notat'];
  for (let index = 0; index < rows; index++) {
    const bad = index % 50 === 49;
    lines.push(
      [
        `Åse Ærlig ${index}`,
        bad ? 'ikke-epost' : `person${index}@example.no`,
        `9${String(index).padStart(7, '0')}`,
        String(index % 10000).padStart(4, '0'),
        'Tromsø',
        `"Ring etter 16; ""viktig""\nandre linje"`,
      ].join(';'),
    );
  }
  return Uint8Array.from([...lines.join('\r\n')].map((char) => char.charCodeAt(0)));
}

const rate = (rows: number, ms: number) => `${Math.round((rows / ms) * 1000).toLocaleString('en')} rows/s`;

const bytes = file(ROWS);
let started = performance.now();
const parsed = readCsv(bytes);
const parseMs = performance.now() - started;
started = performance.now();
const validation = await validateRows(parsed.rows, guessMapping(parsed.headers));
const validateMs = performance.now() - started;
console.log(`file: ${ROWS} rows, ${(bytes.length / 1024).toFixed(0)} KiB, ${parsed.encoding}`);
console.log(`parse:    ${parseMs.toFixed(1)} ms  ${rate(ROWS, parseMs)}`);
console.log(
  `validate: ${validateMs.toFixed(1)} ms  ${rate(ROWS, validateMs)}  (${validation.valid.length} valid, ${validation.rejected.length} rejected)`,
);

// The same rows as an Excel workbook: text cells (shared strings), phone and postal code as numbers.
const sheet = [parsed.headers.map((value) => ({ value }))];
for (const row of parsed.rows) {
  sheet.push(
    row.map((value, column) =>
      (column === 2 || column === 3) && /^\d+$/.test(value)
        ? { value: Number(value), type: Number }
        : { value },
    ) as { value: string }[],
  );
}
const workbook = await writeXlsxFile(sheet).toBuffer();
const xlsxBuffer = () =>
  workbook.buffer.slice(workbook.byteOffset, workbook.byteOffset + workbook.byteLength);
const xlsxRuns: number[] = [];
let xlsxRows = 0;
for (let run = 0; run < 5; run++) {
  const input = xlsxBuffer();
  started = performance.now();
  xlsxRows = (await readXlsx(input as ArrayBuffer)).rows.length;
  xlsxRuns.push(performance.now() - started);
}
const xlsxMedian = [...xlsxRuns].sort((a, b) => a - b)[2] ?? 0;
console.log(
  `xlsx:     ${xlsxMedian.toFixed(1)} ms  ${rate(xlsxRows, xlsxMedian)}  (median of 5; first ${(xlsxRuns[0] ?? 0).toFixed(0)} ms; ${xlsxRows} rows, ${(workbook.byteLength / 1024).toFixed(0)} KiB workbook)`,
);

const platform = await startTestPlatform();
try {
  await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
  const { client, user } = await signedInUser(platform, 'bench-import');
  const organizationId = crypto.randomUUID();
  const created = await adminClient(platform)
    .from('organizations')
    .insert({ id: organizationId, name: 'Benk AS', owner_id: user.id });
  if (created.error) throw new Error(created.error.message);

  const leads = validation.valid.map((item) => item.lead);
  for (const round of ['empty organization', 'second import (all duplicates)']) {
    const importId = crypto.randomUUID();
    const parts: (typeof leads)[] = [];
    for (let start = 0; start < leads.length; start += PART_SIZE)
      parts.push(leads.slice(start, start + PART_SIZE));
    const last = parts.pop() ?? [];
    started = performance.now();
    for (const [index, part] of parts.entries()) {
      const staged = await client.rpc('import_leads_stage', {
        input_import_id: importId,
        input_organization_id: organizationId,
        input_part: index + 1,
        input_rows: part,
      });
      if (staged.error) throw new Error(staged.error.message);
    }
    const finished = await client.rpc('import_leads', {
      input_organization_id: organizationId,
      input_rows: last,
      ...(parts.length > 0 ? { input_import_id: importId } : {}),
    });
    if (finished.error) throw new Error(finished.error.message);
    const importMs = performance.now() - started;
    const result = finished.data as { inserted: number; rejected: unknown[] };
    console.log(
      `import (${round}, PGlite): ${importMs.toFixed(0)} ms  ${rate(leads.length, importMs)}  (${result.inserted} inserted, ${result.rejected.length} rejected, ${parts.length + 1} requests)`,
    );
  }
} finally {
  await platform.stop();
}

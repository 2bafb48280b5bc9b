/**
 * Prints how long the embedded database takes to start: cold (an empty data folder: initdb, bootstrap,
 * migrations, seed) and warm (the folder of the previous run). Figures only, no thresholds.
 *
 *   npx tsx supabase/local/db/testing/startup-timings.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedDatabase } from '../embedded.ts';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const runs = Number(process.argv[2] ?? 3);

async function measure(dataDir: string) {
  const started = performance.now();
  const database = await startEmbeddedDatabase({ projectRoot, dataDir, port: 0 });
  const totalMs = performance.now() - started;
  await database.stop();
  return { totalMs, ...database.timings };
}

const round = (timings: Record<string, number>) =>
  Object.fromEntries(Object.entries(timings).map(([key, ms]) => [key, Math.round(ms)]));

for (let run = 1; run <= runs; run++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'startup-'));
  try {
    const dataDir = path.join(dir, 'pgdata');
    console.log(`run ${run} cold`, round(await measure(dataDir)));
    console.log(`run ${run} warm`, round(await measure(dataDir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

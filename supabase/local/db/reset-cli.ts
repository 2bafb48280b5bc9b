/** `npm run db:reset` — rebuilds supabase/local/.data/pgdata from bootstrap, migrations and seed. */
import path from 'node:path';
import { resetDatabase } from './reset.ts';

const started = performance.now();
try {
  const report = await resetDatabase({ projectRoot: process.cwd() });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const seeds = report.seeds.map((seed) => `${path.relative(process.cwd(), seed.file)} (${seed.outcome})`);
  console.log(
    `Database reset in ${seconds} s: ${report.bootstrap.applied.length} bootstrap files, ` +
      `${report.migrations.applied.length} migrations, seed: ${seeds.join(', ') || 'none'}.`,
  );
} catch (error) {
  console.error(`Database reset failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

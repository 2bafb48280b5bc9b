/**
 * `npm run db:types` — regenerates src/lib/database.types.ts from supabase/migrations (see
 * scripts/lib/db-types.ts). `npm run db:types -- --check` only compares, exiting 1 on drift.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDatabaseTypes, TYPES_FILE } from './lib/db-types.ts';
import { seconds } from './lib/throwaway-db.ts';

const check = process.argv.includes('--check');
const started = performance.now();
try {
  const types = await generateDatabaseTypes();
  const target = path.join(process.cwd(), TYPES_FILE);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (check) {
    if (current !== types) {
      console.error(`${TYPES_FILE} is out of date with supabase/migrations: run \`npm run db:types\`.`);
      process.exitCode = 1;
    } else {
      console.log(`${TYPES_FILE} is up to date (${seconds(started)}).`);
    }
  } else if (current === types) {
    console.log(`${TYPES_FILE} unchanged (${seconds(started)}).`);
  } else {
    writeFileSync(target, types);
    console.log(
      `${TYPES_FILE} written (${seconds(started)}). Run \`npx tsc -b\` to check the app against it.`,
    );
  }
} catch (error) {
  console.error(`db:types failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

/**
 * `npm run check:migrations` (part of `npm run lint`): fails when a migration in supabase/migrations
 * copies an earlier migration's SQL function instead of changing a smaller one (scripts/lib/migration-copies.ts,
 * docs/database.md «One definition per function»).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findFunctionCopies } from './lib/migration-copies.ts';

const MIGRATIONS = path.join(process.cwd(), 'supabase', 'migrations');

const migrations = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => ({ file, sql: readFileSync(path.join(MIGRATIONS, file), 'utf8') }));
const problems = findFunctionCopies(migrations);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
else
  console.log(`check:migrations: ${migrations.length} migrations, no function copied from an earlier one.`);

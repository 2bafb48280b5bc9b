/**
 * `npm run check:migrations` (part of `npm run lint`): fails when a migration in supabase/migrations
 * copies an earlier migration's SQL function instead of changing a smaller one (scripts/lib/migration-copies.ts),
 * starts a second copy of the campaign engine's people (a `*_participants`, `*_tokens` or `*_draws`
 * table, an `email` column outside participants and leads), or edits a migration that is on main
 * (scripts/lib/migration-guards.ts, docs/database.md).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findFunctionCopies, type MigrationSource } from './lib/migration-copies.ts';
import { findLandedEdits, findPersonCopies } from './lib/migration-guards.ts';

const FOLDER = 'supabase/migrations';
const MIGRATIONS = path.join(process.cwd(), FOLDER);

// On since the campaign engine was completed (the last change allowed to rewrite landed migrations):
// every migration on main is frozen; a change is a new migration.
const LANDED_MIGRATIONS_FROZEN = true;

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });

/** The migrations as they are at a commit; null when git or the commit is not there. */
function migrationsAt(commit: string): MigrationSource[] | null {
  try {
    return git('ls-tree', '--name-only', `${commit}:${FOLDER}`)
      .split('\n')
      .filter((file) => file.endsWith('.sql'))
      .map((file) => ({ file, sql: git('show', `${commit}:${FOLDER}/${file}`) }));
  } catch {
    return null;
  }
}

/** Where this branch left main: origin/main's merge base, else main's; null outside a git checkout. */
function mainBase(): string | null {
  for (const main of ['origin/main', 'main']) {
    try {
      return git('merge-base', 'HEAD', main).trim();
    } catch {
      // try the next name
    }
  }
  return null;
}

const migrations = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => ({ file, sql: readFileSync(path.join(MIGRATIONS, file), 'utf8') }));
const problems = [...findFunctionCopies(migrations), ...findPersonCopies(migrations)];

const base = LANDED_MIGRATIONS_FROZEN ? mainBase() : null;
const landed = base ? migrationsAt(base) : null;
if (landed) problems.push(...findLandedEdits(migrations, landed));
else if (LANDED_MIGRATIONS_FROZEN)
  console.warn('check:migrations: no main branch in this checkout; landed migrations not compared.');

for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
else
  console.log(
    `check:migrations: ${migrations.length} migrations, no function copied, no second copy of a person` +
      (landed ? `, none of main's ${landed.length} edited.` : '.'),
  );

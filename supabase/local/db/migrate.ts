/**
 * `supabase/migrations` and the seed, applied the way the Supabase CLI applies them (`supabase migration
 * up`, `supabase db reset`), and recorded in the same tables, so the CLI pointed at the embedded database
 * (`--db-url postgresql://postgres:postgres@127.0.0.1:54322/postgres`) agrees about what has run:
 *
 * - supabase_migrations.schema_migrations(version text primary key, statements text[], name text): one
 *   row per migration file `<version>_<name>.sql`, `statements` split as the CLI splits them;
 * - supabase_migrations.seed_files(path text primary key, hash text): sha256 of each seed file run.
 *
 * Each migration runs in its own transaction, statement by statement, with its history row.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../contracts.ts';
import { splitStatements } from './sql-split.ts';

/** The CLI's own DDL (pkg/migration/history.go), run before applying anything. */
const HISTORY_TABLES_SQL = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
alter table supabase_migrations.schema_migrations add column if not exists statements text[];
alter table supabase_migrations.schema_migrations add column if not exists name text;
create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);
`;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** The CLI's pattern for migration file names. */
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;
/** Before CLI 1.x the first migration could be `<timestamp>_init.sql`; the CLI still skips it. */
const LEGACY_INIT = /^([0-9]{14})_init\.sql$/;

/** Migration files of `dir` in the CLI's order (by file name); other files are ignored, as the CLI does. */
export function listMigrationFiles(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .filter(
      (name, index) => !(index === 0 && Number(LEGACY_INIT.exec(name)?.[1] ?? Infinity) < 20211209000000),
    )
    .flatMap((name) => {
      const match = MIGRATION_FILE.exec(name);
      return match ? [{ version: match[1] ?? '', name: match[2] ?? '', file: path.join(dir, name) }] : [];
    });
}

export interface MigrationReport {
  applied: MigrationFile[];
  /** Already recorded in schema_migrations. */
  skipped: MigrationFile[];
  /** Versions recorded in the database with no file in the folder (a branch switch, a deleted file). */
  unknownVersions: string[];
}

/**
 * Applies every migration of `migrationsDir` not yet recorded, in version order. Unlike `supabase
 * migration up` without `--include-all`, a pending file older than the newest applied one is applied
 * too (it is a local database: refusing would only force a reset).
 */
export async function applyMigrations(db: Db, migrationsDir: string): Promise<MigrationReport> {
  const files = listMigrationFiles(migrationsDir);
  await db.exec(HISTORY_TABLES_SQL);
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  const recorded = new Set(rows.map((row) => row.version));
  const local = new Set(files.map((file) => file.version));
  const report: MigrationReport = {
    applied: [],
    skipped: [],
    unknownVersions: [...recorded].filter((version) => !local.has(version)),
  };
  for (const migration of files) {
    if (recorded.has(migration.version)) {
      report.skipped.push(migration);
      continue;
    }
    await applyMigration(db, migration);
    report.applied.push(migration);
  }
  return report;
}

async function applyMigration(db: Db, migration: MigrationFile): Promise<void> {
  const statements = splitStatements(readFileSync(migration.file, 'utf8'));
  await runInTransaction(db, path.basename(migration.file), statements, {
    sql: 'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
    params: [migration.version, migration.name, statements],
  });
}

/** Runs `statements` one by one in one transaction, then `record` (the history row) in the same one. */
async function runInTransaction(
  db: Db,
  label: string,
  statements: string[],
  record: { sql: string; params: unknown[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    // As the CLI does before each migration: settings a previous one changed must not leak into this
    // one. And after it too, since on PGlite the session is shared with the rest of the platform.
    await tx.query('reset all');
    for (const [index, statement] of statements.entries()) {
      try {
        await tx.query(statement);
      } catch (error) {
        throw new Error(
          `${label} failed at statement ${index + 1}: ${(error as Error).message}\n${statement}`,
          {
            cause: error,
          },
        );
      }
    }
    await tx.query(record.sql, record.params);
    await tx.query('reset all');
    await tx.query('reset role');
  });
}

export type SeedOutcome = 'applied' | 'unchanged' | 'changed' | 'absent';

export interface SeedOptions {
  /** Root the path in seed_files is relative to, as the CLI records it (default: process.cwd()). */
  projectRoot?: string;
}

/**
 * Runs a seed file in one transaction and records its hash, as `supabase db reset` does. A seed already
 * recorded is not run again: 'unchanged' if the file is the same, 'changed' if it was edited since (seeds
 * are rarely idempotent: `npm run db:reset` re-seeds from scratch). 'absent' when there is no file.
 */
export async function applySeed(db: Db, seedFile: string, options: SeedOptions = {}): Promise<SeedOutcome> {
  if (!existsSync(seedFile)) return 'absent';
  const sql = readFileSync(seedFile, 'utf8');
  const hash = createHash('sha256').update(sql).digest('hex');
  const recordedPath = path
    .relative(options.projectRoot ?? process.cwd(), seedFile)
    .split(path.sep)
    .join('/');
  await db.exec(HISTORY_TABLES_SQL);
  const { rows } = await db.query<{ hash: string }>(
    'select hash from supabase_migrations.seed_files where path = $1',
    [recordedPath],
  );
  const previous = rows[0]?.hash;
  if (previous !== undefined) return previous === hash ? 'unchanged' : 'changed';
  await runInTransaction(db, `Seed ${recordedPath}`, splitStatements(sql), {
    sql: 'insert into supabase_migrations.seed_files (path, hash) values ($1, $2)',
    params: [recordedPath, hash],
  });
  return 'applied';
}

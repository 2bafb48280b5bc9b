/**
 * `npm run test:db` — the pgTAP suite (supabase/tests/*.test.sql) against a throwaway PostgreSQL 15.
 *
 * `supabase test db` runs pg_prove in a Docker container, and Docker is not available on our machines.
 * This does what it does with Debian's packages (postgresql-15-pgtap, and pg_prove from
 * libtap-parser-sourcehandler-pgtap-perl): start a PostgreSQL 15 in a temporary folder, bootstrap it as
 * the platform provides it, apply supabase/migrations, `create extension pgtap` in `extensions`,
 * install supabase/tests/setup/*.sql (the test helpers, once, outside the tests' transactions), allow
 * the calendars' test clock (leadtorget.allow_test_clock on the database), then
 * `pg_prove` the test files in name order. Exits with pg_prove's status; the server is always stopped.
 * Before the tests it checks that supabase/schema.md (the generated function reference) matches the
 * migrated database, and fails with «supabase/schema.md is stale: run npm run db:schema» if not.
 *
 *   npm run test:db                              # every supabase/tests/*.test.sql
 *   npm run test:db -- supabase/tests/02-x.test.sql   # some files only
 *   npm run test:db -- --verbose                 # every assertion, not just the failures
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { postgres15Unavailable } from '../supabase/local/db/testing/pg15.ts';
import { renderSchemaReference, SCHEMA_REFERENCE, schemaReferenceDrift } from './lib/schema-reference.ts';
import { seconds, startThrowawayDatabase, stopOnSignals } from './lib/throwaway-db.ts';

const ROOT = process.cwd();
const TESTS_DIR = path.join(ROOT, 'supabase', 'tests');
const SETUP_DIR = path.join(TESTS_DIR, 'setup');

const args = process.argv.slice(2);
const verbose = args.includes('--verbose') || args.includes('-v');
const requested = args.filter((arg) => !arg.startsWith('-'));

function testFiles(): string[] {
  if (requested.length > 0) return requested.map((file) => path.resolve(ROOT, file));
  if (!existsSync(TESTS_DIR)) return [];
  return readdirSync(TESTS_DIR)
    .filter((name) => name.endsWith('.test.sql'))
    .sort()
    .map((name) => path.join(TESTS_DIR, name));
}

function setupFiles(): string[] {
  if (!existsSync(SETUP_DIR)) return [];
  return readdirSync(SETUP_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => path.join(SETUP_DIR, name));
}

function schemaReferenceOnDisk(): string | undefined {
  const file = path.join(ROOT, SCHEMA_REFERENCE);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function which(command: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  return dirs.map((dir) => path.join(dir, command)).find((candidate) => existsSync(candidate));
}

function prove(files: string[], database: { host: string; port: number }): Promise<number> {
  const proveArgs = [
    '--host',
    database.host,
    '--port',
    String(database.port),
    '--username',
    'postgres',
    '--dbname',
    'postgres',
    '--ext',
    '.sql',
    '--timer',
    '--failures', // the diagnostics of failed assertions, even without --verbose
    ...(verbose ? ['--verbose'] : []),
    ...files.map((file) => path.relative(ROOT, file)),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_prove', proveArgs, {
      stdio: 'inherit',
      env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const files = testFiles();
  if (files.length === 0) {
    console.log('test:db: no supabase/tests/*.test.sql files yet.');
    return 0;
  }
  const missing = [
    postgres15Unavailable(),
    which('pg_prove')
      ? undefined
      : 'pg_prove not found (apt-get install libtap-parser-sourcehandler-pgtap-perl)',
    which('psql') ? undefined : 'psql not found (apt-get install postgresql-client-15)',
  ].filter(Boolean);
  if (missing.length > 0) {
    console.error(`test:db cannot run:\n  ${missing.join('\n  ')}`);
    return 1;
  }

  const started = performance.now();
  const database = await startThrowawayDatabase({ engine: 'pg15' });
  const removeSignalHandlers = stopOnSignals(database);
  try {
    const { migrations } = database.report;
    console.log(
      `test:db: PostgreSQL 15 on port ${database.port}, ${migrations.applied.length} migrations applied in ${seconds(started)}.`,
    );
    // Before pgTAP and the test helpers exist, so only what the migrations made is described.
    const drift = schemaReferenceDrift(schemaReferenceOnDisk(), await renderSchemaReference(database.db));
    if (drift) {
      console.error(drift);
      return 1;
    }
    // The calendars' test clock (private.campaign_now): honoured only when the database itself
    // carries this setting, which only this harness sets; new connections (pg_prove's) see it.
    await database.db.exec(`alter database postgres set leadtorget.allow_test_clock = 'on';`);
    try {
      await database.db.exec('create extension if not exists pgtap with schema extensions;');
    } catch (error) {
      throw new Error(
        `create extension pgtap failed (apt-get install postgresql-15-pgtap): ${(error as Error).message}`,
        { cause: error },
      );
    }
    for (const file of setupFiles()) {
      try {
        // Pooled connections opened before bootstrap set postgres's search_path: set it as a session
        // (pg_prove's own connections get it from the role) so unqualified pgTAP calls resolve.
        await database.db.exec(
          `set search_path to "$user", public, extensions;\n${readFileSync(file, 'utf8')}`,
        );
      } catch (error) {
        throw new Error(`${path.relative(ROOT, file)} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    const proving = performance.now();
    const status = await prove(files, database);
    console.log(
      `test:db: ${files.length} files, pg_prove ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds(proving)} (total ${seconds(started)}).`,
    );
    return status;
  } finally {
    removeSignalHandlers();
    await database.stop();
  }
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(`test:db failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);

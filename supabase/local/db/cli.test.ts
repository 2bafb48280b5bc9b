/**
 * The real Supabase CLI and psql against the embedded database's socket: they must agree with
 * migrate.ts about the migration history, and work at the same time as the platform's own connections.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Db } from '../contracts.ts';
import { toolPath, toolUnavailable } from '../tools.ts';
import { applyMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { prepareDatabase } from './prepare.ts';
import { startDbServer, type DbServer } from './server.ts';
import { splitStatements } from './sql-split.ts';

const run = promisify(execFile);
const SUPABASE = toolPath('supabase');
const PSQL = ['/usr/bin/psql', '/usr/lib/postgresql/15/bin/psql', '/usr/local/bin/psql'].find((p) =>
  existsSync(p),
);

const noCli = toolUnavailable('supabase');
const noPsql = PSQL ? undefined : 'psql is not installed';
for (const reason of [noCli, noPsql]) if (reason) console.warn(`Skipping a socket client test: ${reason}.`);

describe('clients of the database socket', () => {
  let project: string;
  let migrations: string;
  let db: Db;
  let server: DbServer;

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'cli-project-'));
    migrations = path.join(project, 'supabase', 'migrations');
    mkdirSync(migrations, { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "cli-test"\n');
    writeFileSync(
      path.join(migrations, '20250101000000_things.sql'),
      'create table public.things (id bigint generated always as identity primary key, name text);\n' +
        'alter table public.things enable row level security;\n',
    );
    writeFileSync(
      path.join(migrations, '20250102000000_hello.sql'),
      "create function public.hello() returns text language sql as $$ select 'hi; there' $$;\n",
    );
    const opened = await openPglite();
    db = opened.db;
    await prepareDatabase(db, { projectRoot: project });
    server = await startDbServer(opened.pglite, { port: 0 });
  });

  afterAll(async () => {
    await server.stop();
    await db.close();
    rmSync(project, { recursive: true, force: true });
  });

  // Async, never execFileSync: the server answering the CLI runs on this process's event loop.
  const supabase = async (...args: string[]) =>
    (await run(SUPABASE, [...args, `--remote=${server.url}`], { cwd: project, timeout: 60_000 })).stdout;

  it.skipIf(noCli)('`supabase migration list` sees the migrations migrate.ts applied', async () => {
    const output = await supabase('migration', 'list');
    const rows = [...output.matchAll(/`(\d+)`\s*\|\s*`(\d+)`/g)].map((match) => [match[1], match[2]]);
    expect(rows).toEqual([
      ['20250101000000', '20250101000000'],
      ['20250102000000', '20250102000000'],
    ]);
  });

  it.skipIf(noCli)('`supabase migration up` records a migration exactly as migrate.ts would', async () => {
    const file = path.join(migrations, '20250103000000_atomic.sql');
    writeFileSync(
      file,
      '-- a comment; with a semicolon\n' +
        'create function public.add(a integer, b integer) returns integer language sql immutable\n' +
        'begin atomic\n  select a + b;\nend;\n' +
        "/* block ; comment */ create table public.notes (body text default 'it''s; fine', \"we;ird\" int);\n" +
        "do $body$ begin raise notice 'x;y'; end $body$;\n",
    );
    await supabase('migration', 'up', '--yes');
    const { rows } = await db.query<{ name: string; statements: string[] }>(
      "select name, statements from supabase_migrations.schema_migrations where version = '20250103000000'",
    );
    expect(rows).toEqual([{ name: 'atomic', statements: splitStatements(readFileSync(file, 'utf8')) }]);
    const report = await applyMigrations(db, migrations);
    expect(report.applied).toEqual([]);
    expect((await db.query('select public.add(2, 3) as sum')).rows).toEqual([{ sum: 5 }]);
  });

  it.skipIf(noPsql)('serves psql and pg at the same time', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query("insert into public.things (name) values ('from pg')");
      // psql connects and queues behind the open transaction, then sees its committed result.
      const psql = run(PSQL ?? 'psql', [server.url, '-At', '-c', 'select name from public.things'], {
        env: { ...process.env, PGSSLMODE: 'disable' },
        timeout: 30_000,
      });
      await client.query('commit');
      expect((await psql).stdout.trim()).toBe('from pg');
    } finally {
      await client.end();
    }
  });
});

/**
 * What the Supabase platform provides before any migration (roles, schemas, auth.users, auth.uid(), …),
 * as SQL files in bootstrap/, applied in file-name order. Parts of the platform add their own files
 * (10-auth-internal.sql, 20-outbox.sql, …); this module knows none of them by name.
 *
 * Each file runs in one transaction together with the record of its hash in _platform.bootstrap_files,
 * and runs again only when its content changes. So a migration that, say, revokes a default privilege is
 * not undone by the next start. Files must still be idempotent (`if not exists`, `create or replace`,
 * do-blocks for roles), since an edited file runs again on existing databases, and transactional (no
 * `create index concurrently`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../contracts.ts';

export const BOOTSTRAP_DIR = fileURLToPath(new URL('./bootstrap/', import.meta.url));

/** Serialises concurrent bootstraps of one PostgreSQL server (two test workers, say). */
const BOOTSTRAP_LOCK = 'select pg_advisory_xact_lock(5432254322);';

const BOOKKEEPING_SQL = `${BOOTSTRAP_LOCK}
create schema if not exists _platform;
create table if not exists _platform.bootstrap_files (
  name text primary key,
  sha256 text not null,
  applied_at timestamptz not null default now()
);`;

export interface BootstrapOptions {
  /** Folder of *.sql files (default: bootstrap/ next to this module). */
  dir?: string;
  /** Apply every file even if unchanged. */
  force?: boolean;
}

export interface BootstrapReport {
  applied: string[];
  unchanged: string[];
}

export async function bootstrapDatabase(db: Db, options: BootstrapOptions = {}): Promise<BootstrapReport> {
  const dir = options.dir ?? BOOTSTRAP_DIR;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  await db.exec(BOOKKEEPING_SQL);
  const { rows } = await db.query<{ name: string; sha256: string }>(
    'select name, sha256 from _platform.bootstrap_files',
  );
  const recorded = new Map(rows.map((row) => [row.name, row.sha256]));
  const report: BootstrapReport = { applied: [], unchanged: [] };
  for (const name of files) {
    const sql = readFileSync(path.join(dir, name), 'utf8');
    const sha256 = createHash('sha256').update(sql).digest('hex');
    if (!options.force && recorded.get(name) === sha256) {
      report.unchanged.push(name);
      continue;
    }
    try {
      // One simple-protocol string: the file and its record commit together or not at all.
      await db.exec(`${BOOTSTRAP_LOCK}\n${sql}\n;${recordSql(name, sha256)}`);
    } catch (error) {
      throw new Error(`Bootstrap file ${name} failed: ${(error as Error).message}`, { cause: error });
    }
    report.applied.push(name);
  }
  return report;
}

function recordSql(name: string, sha256: string): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return `insert into _platform.bootstrap_files (name, sha256) values (${literal(name)}, ${literal(sha256)})
on conflict (name) do update set sha256 = excluded.sha256, applied_at = now();`;
}

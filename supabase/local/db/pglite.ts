/**
 * The embedded database: PGlite (Postgres compiled to WebAssembly) in this process, persisted in a data
 * folder. Every in-process query goes through the session gate (session-gate.ts), so it never runs inside
 * a transaction a socket client left open, and vice versa.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Extensions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Db } from '../contracts.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { discardTemplate, readTemplate, saveTemplate } from './pglite-template.ts';
import { gateFor, type SessionGate } from './session-gate.ts';

/** Where `npm start` and `npm run db:reset` keep the database (git-ignored). */
export function defaultDataDir(projectRoot = process.cwd()): string {
  return path.join(projectRoot, 'supabase', 'local', '.data', 'pgdata');
}

export interface OpenPgliteOptions {
  /** A folder to persist in (created when missing). Omitted: an in-memory database, for tests. */
  dataDir?: string;
  /** How long in-process work waits for a socket client's open transaction (default 30 s). */
  sessionWaitTimeoutMs?: number;
  /**
   * More PGlite extensions to make available (`create extension` still needed), e.g. pgTAP for database
   * tests: `{ pgtap }` from '@electric-sql/pglite-pgtap'. pgcrypto, uuid-ossp and btree_gist (bookings'
   * exclusion constraint) are always there.
   */
  extensions?: Extensions;
  /** A database to start from (a dumpDataDir tarball) instead of a fresh one: test templates. */
  startFrom?: Blob;
}

/**
 * Supabase's default search_path for the postgres role, so `uuid_generate_v4()` and other functions of
 * the `extensions` schema resolve unqualified, as in hosted projects. Bootstrap also stores it on the
 * role; passing it at start makes it the session default (what `reset all` returns to) from the first
 * boot on.
 */
const START_PARAMS = PGlite.defaultStartParams.map((param) =>
  param.startsWith('search_path=') ? 'search_path="$user", public, extensions' : param,
);

/** Opens (creating on first use) a PGlite database with pgcrypto, uuid-ossp and btree_gist available. */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<{ pglite: PGlite; db: Db }> {
  const { dataDir } = options;
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const extensions = { pgcrypto, uuid_ossp, btree_gist, ...options.extensions };
    const pglite = options.startFrom
      ? await PGlite.create({
          dataDir,
          extensions,
          startParams: START_PARAMS,
          loadDataDir: options.startFrom,
        })
      : await createPglite(dataDir, extensions);
    const gate = gateFor(pglite);
    if (options.sessionWaitTimeoutMs !== undefined) gate.waitTimeoutMs = options.sessionWaitTimeoutMs;
    return { pglite, db: pgliteDb(pglite, gate, unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A new database starts from the saved initdb result when there is one (pglite-template.ts). */
async function createPglite(dataDir: string | undefined, extensions: Extensions): Promise<PGlite> {
  const create = (loadDataDir?: Blob) =>
    PGlite.create({ dataDir, extensions, startParams: START_PARAMS, loadDataDir });
  const fresh = !dataDir || !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!fresh) return create();
  const template = readTemplate();
  if (template) {
    try {
      return await create(template);
    } catch {
      discardTemplate();
      // The folder held no database before this attempt: clear what the failed load left behind.
      if (dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
      }
    }
  }
  const pglite = await create();
  await saveTemplate(pglite);
  return pglite;
}

function pgliteDb(pglite: PGlite, gate: SessionGate, unlock: () => void): Db {
  // Marks code running inside db.transaction(): a nested db.query would wait for the transaction that
  // waits for it. On a one-session database that is a deadlock, so it fails loudly instead.
  const insideTransaction = new AsyncLocalStorage<true>();
  const refuseNested = (method: string) => {
    if (insideTransaction.getStore()) {
      throw new Error(
        `Db.${method}() was called inside Db.transaction(): use the transaction's own tx.query(). ` +
          'PGlite is a single session, so the outer transaction would wait for it forever.',
      );
    }
  };
  let closed = false;

  return {
    async query<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
      refuseNested('query');
      return toResult(await gate.runInProcess(() => pglite.query<Row>(sql, params)));
    },
    async exec(sql: string) {
      refuseNested('exec');
      await gate.runInProcess(() => pglite.exec(sql));
    },
    async transaction<T>(work: (tx: Pick<Db, 'query'>) => Promise<T>): Promise<T> {
      refuseNested('transaction');
      return gate.runInProcess(() =>
        pglite.transaction((tx) =>
          insideTransaction.run(true, () =>
            work({
              async query<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
                return toResult(await tx.query<Row>(sql, params));
              },
            }),
          ),
        ),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await gate.drain();
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

/** `affectedRows` as pg's `rowCount`: rows written by DML, rows returned by SELECT, else undefined. */
function toResult<Row>(result: Results<Row>): { rows: Row[]; affectedRows?: number } {
  const command = result.command ?? '';
  if (COUNTED_COMMANDS.has(command)) return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
  if (command === 'SELECT') return { rows: result.rows, affectedRows: result.rows.length };
  return { rows: result.rows };
}

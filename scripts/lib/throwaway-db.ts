/**
 * A throwaway database brought to the state of the migrations, for the database tooling (test:db,
 * db:types, db:advisors): PostgreSQL 15 by default (what hosted Supabase runs), or the embedded PGlite
 * served on a free port. Always stop() it, also on failure: the PG15 data folder is deleted then.
 */
import type { Db } from '../../supabase/local/contracts.ts';
import { openPg } from '../../supabase/local/db/pg.ts';
import { openPglite } from '../../supabase/local/db/pglite.ts';
import { prepareDatabase, type PrepareReport } from '../../supabase/local/db/prepare.ts';
import { startDbServer } from '../../supabase/local/db/server.ts';
import { startPostgres15 } from '../../supabase/local/db/testing/pg15.ts';

export type Engine = 'pg15' | 'pglite';

export interface ThrowawayDatabase {
  engine: Engine;
  /** postgresql://… for psql, pg_prove and the Supabase CLI. */
  url: string;
  host: string;
  port: number;
  /** An in-process connection (pool for PG15, the shared session for PGlite). */
  db: Db;
  report: PrepareReport;
  stop(): Promise<void>;
}

export interface ThrowawayOptions {
  engine?: Engine;
  projectRoot?: string;
  /** Run the seed files of config.toml too (default false: tests build their own data). */
  seed?: boolean;
}

export async function startThrowawayDatabase(options: ThrowawayOptions = {}): Promise<ThrowawayDatabase> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const seed = options.seed ?? false;
  if ((options.engine ?? 'pg15') === 'pglite') return startPglite(projectRoot, seed);
  const server = await startPostgres15();
  const db = openPg(server.url, { max: 4 });
  try {
    const report = await prepareDatabase(db, { projectRoot, seed });
    return {
      engine: 'pg15',
      url: server.url,
      host: '127.0.0.1',
      port: server.port,
      db,
      report,
      async stop() {
        await db.close().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

async function startPglite(projectRoot: string, seed: boolean): Promise<ThrowawayDatabase> {
  const { pglite, db } = await openPglite(); // in memory
  const cleanUp = () => db.close().catch(() => undefined);
  try {
    const report = await prepareDatabase(db, { projectRoot, seed });
    const server = await startDbServer(pglite, { port: 0, host: '127.0.0.1' });
    return {
      engine: 'pglite',
      url: server.url,
      host: '127.0.0.1',
      port: server.port,
      db,
      report,
      async stop() {
        await server.stop().catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Stops `database` when the process is interrupted (Ctrl-C, CI timeout), then exits. */
export function stopOnSignals(database: { stop(): Promise<void> }): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    void database.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

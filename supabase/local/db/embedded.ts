/**
 * The database half of `npm start`: the persisted PGlite, prepared (bootstrap, migrations, seed) and
 * served on 127.0.0.1:54322 for psql and the Supabase CLI, with the timings of each step.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../contracts.ts';
import { defaultDataDir, openPglite } from './pglite.ts';
import { prepareDatabase, type PrepareReport } from './prepare.ts';
import { startDbServer, type DbServer } from './server.ts';

export interface EmbeddedDatabaseOptions {
  projectRoot?: string;
  /** Default: supabase/local/.data/pgdata under the project root. */
  dataDir?: string;
  /** Default 54322 (config.toml `db.port`); 0 picks a free port. */
  port?: number;
  host?: string;
  maxConnections?: number;
}

export interface EmbeddedDatabase {
  pglite: PGlite;
  /** The in-process connection every part of the platform shares. */
  db: Db;
  server: DbServer;
  report: PrepareReport;
  timings: { openMs: number; prepareMs: number; listenMs: number };
  /** Stops the socket server, then closes the database. */
  stop(): Promise<void>;
}

export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const started = performance.now();
  const { pglite, db } = await openPglite({ dataDir: options.dataDir ?? defaultDataDir(projectRoot) });
  const opened = performance.now();
  try {
    const report = await prepareDatabase(db, { projectRoot });
    const prepared = performance.now();
    const server = await startDbServer(pglite, {
      port: options.port ?? 54322,
      host: options.host,
      maxConnections: options.maxConnections,
    });
    const listening = performance.now();
    return {
      pglite,
      db,
      server,
      report,
      timings: { openMs: opened - started, prepareMs: prepared - opened, listenMs: listening - prepared },
      async stop() {
        await server.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

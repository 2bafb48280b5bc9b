/**
 * A throwaway PostgreSQL 15 with the platform's bootstrap, supabase/migrations and the test's own
 * seed, and a pool of `connections` for racing sessions: what the concurrency tests of checked
 * functions (buy_lead, submit_calendar_entry) start from.
 */
import pg from 'pg';
import { openPg } from '../../../supabase/local/db/pg.ts';
import { prepareDatabase } from '../../../supabase/local/db/prepare.ts';
import { startPostgres15 } from '../../../supabase/local/db/testing/pg15.ts';

export interface MigratedPostgres15 {
  pool: pg.Pool;
  stop: () => Promise<void>;
}

export async function startMigratedPostgres15(
  seedStatements: string[],
  connections: number,
): Promise<MigratedPostgres15> {
  const server = await startPostgres15();
  const db = openPg(server.url, { max: 1 });
  try {
    await prepareDatabase(db, { projectRoot: process.cwd(), seed: false });
    for (const sql of seedStatements) await db.exec(sql);
  } finally {
    await db.close();
  }
  const pool = new pg.Pool({ connectionString: server.url, max: connections });
  pool.on('error', () => undefined);
  return {
    pool,
    stop: async () => {
      await pool.end();
      await server.stop();
    },
  };
}

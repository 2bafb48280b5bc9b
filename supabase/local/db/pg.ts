/**
 * `Db` over a `pg` Pool, for a plain PostgreSQL server (the PG15 used by concurrency tests and benchmarks,
 * or `supabase start`'s database). Values come back as they do from PGlite (see types.ts).
 */
import pg, { type QueryConfig, type QueryResult, type QueryResultRow } from 'pg';
import type { Db } from '../contracts.ts';
import { pgliteCompatibleTypes } from './types.ts';

export interface OpenPgOptions {
  /** Pool size (default 10). */
  max?: number;
}

export function openPg(connectionString: string, options: OpenPgOptions = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types: pgliteCompatibleTypes });
  // An idle client that loses its server (restart, test teardown) must not crash the process.
  pool.on('error', () => undefined);

  return {
    async query<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
      return toResult<Row>(await pool.query(extended(sql, params)));
    },
    async exec(sql: string) {
      // No parameters: the simple protocol, which runs several statements as one implicit transaction.
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Pick<Db, 'query'>) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work({
          async query<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
            return toResult<Row>(await client.query(extended(sql, params)));
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: drop it instead of pooling it.
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Always the extended protocol, as PGlite's query() uses: one statement per call, on both databases
 * (pg would otherwise send a parameterless string with the simple protocol, which accepts several).
 */
function extended(text: string, values: unknown[] = []): QueryConfig {
  const config: QueryConfig & { queryMode: 'extended' } = { text, values, queryMode: 'extended' };
  return config;
}

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY', 'SELECT']);

function toResult<Row>(result: QueryResult<QueryResultRow>): { rows: Row[]; affectedRows?: number } {
  const rows = result.rows as Row[];
  return COUNTED_COMMANDS.has(result.command) ? { rows, affectedRows: result.rowCount ?? 0 } : { rows };
}

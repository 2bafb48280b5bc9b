/**
 * For the outbox's tests only: an in-memory PGlite behind the `Db` contract, with the outbox's
 * bootstrap applied — until the platform's own Db (another part) is available to tests.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../contracts.ts';

export const outboxBootstrapSql = readFileSync(
  new URL('../db/bootstrap/20-outbox.sql', import.meta.url),
  'utf8',
);

export function pgliteDb(pg: PGlite): Db {
  return {
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await pg.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    transaction: (work) =>
      pg.transaction((tx) =>
        work({
          async query<Row>(sql: string, params?: unknown[]) {
            const result = await tx.query<Row>(sql, params);
            return { rows: result.rows, affectedRows: result.affectedRows };
          },
        }),
      ),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/** A fresh in-memory database with the outbox table. */
export async function createTestDb(): Promise<Db> {
  const db = pgliteDb(new PGlite());
  await db.exec(outboxBootstrapSql);
  return db;
}

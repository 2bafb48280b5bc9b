/**
 * `npm run db:schema` — writes supabase/schema.md, the generated reference of every SQL function in our
 * schemas (scripts/lib/schema-reference.ts), from a throwaway PostgreSQL 15 brought up with bootstrap
 * and supabase/migrations. `npm run test:db` fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { postgres15Unavailable } from '../supabase/local/db/testing/pg15.ts';
import { renderSchemaReference, SCHEMA_REFERENCE } from './lib/schema-reference.ts';
import { startThrowawayDatabase, stopOnSignals } from './lib/throwaway-db.ts';

async function main(): Promise<number> {
  const unavailable = postgres15Unavailable();
  if (unavailable) {
    console.error(`db:schema cannot run: ${unavailable}`);
    return 1;
  }
  const database = await startThrowawayDatabase({ engine: 'pg15' });
  const removeSignalHandlers = stopOnSignals(database);
  try {
    writeFileSync(path.join(process.cwd(), SCHEMA_REFERENCE), await renderSchemaReference(database.db));
    console.log(`db:schema: wrote ${SCHEMA_REFERENCE}.`);
    return 0;
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
    console.error(`db:schema failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);

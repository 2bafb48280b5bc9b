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

const unavailable = postgres15Unavailable();
if (unavailable) throw new Error(`db:schema cannot run: ${unavailable}`);

const database = await startThrowawayDatabase({ engine: 'pg15' });
const removeSignalHandlers = stopOnSignals(database);
try {
  writeFileSync(path.join(process.cwd(), SCHEMA_REFERENCE), await renderSchemaReference(database.db));
  console.log(`db:schema: wrote ${SCHEMA_REFERENCE}.`);
} finally {
  removeSignalHandlers();
  await database.stop();
}

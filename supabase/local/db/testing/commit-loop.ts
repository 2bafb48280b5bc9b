/**
 * Child process of durability.test.ts: commits transactions into a PGlite data folder as fast as it can
 * and prints each committed id on its own line, until it is killed. Each transaction writes the id and
 * its negation, so a half-applied transaction would show as an unpaired row.
 *
 *   node --import tsx supabase/local/db/testing/commit-loop.ts <dataDir>
 */
import { openPglite } from '../pglite.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: commit-loop.ts <dataDir>');

const { db } = await openPglite({ dataDir });
await db.exec('create table if not exists public.durability (id bigint primary key)');
for (let id = 1; ; id++) {
  await db.transaction(async (tx) => {
    await tx.query('insert into public.durability (id) values ($1), ($2)', [id, -id]);
  });
  // Printed only once the commit has returned: every printed id must survive a SIGKILL.
  process.stdout.write(`${id}\n`);
}

import { openPglite } from './pglite.ts';
import { describeDatabaseContract } from './testing/contract-suite.ts';

describeDatabaseContract('the embedded database on PGlite', async () => {
  const { db } = await openPglite();
  return { db, done: () => db.close() };
});

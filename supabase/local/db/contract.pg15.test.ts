import { openPg } from './pg.ts';
import { describeDatabaseContract } from './testing/contract-suite.ts';
import { postgres15Unavailable, startPostgres15 } from './testing/pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the PostgreSQL 15 tests: ${unavailable}.`);

describe.skipIf(unavailable)('PostgreSQL 15', () => {
  describeDatabaseContract('the embedded database on a plain PostgreSQL 15 server', async () => {
    const server = await startPostgres15();
    const db = openPg(server.url);
    return {
      db,
      done: async () => {
        await db.close();
        await server.stop();
      },
    };
  });
});

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../contracts.ts';
import { openPglite } from './pglite.ts';
import { startDbServer, type DbServer } from './server.ts';

describe('the database socket server', () => {
  let pglite: PGlite;
  let db: Db;
  let server: DbServer;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.url });
    // The server may end a connection on stop(); that is not a test failure.
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }

  const notes = async () =>
    (await db.query<{ note: string }>('select note from public.log order by note')).rows.map(
      (row) => row.note,
    );

  beforeAll(async () => {
    ({ pglite, db } = await openPglite({ sessionWaitTimeoutMs: 1_000 }));
    server = await startDbServer(pglite, { port: 0, maxConnections: 12 });
    await db.exec('create table public.log (note text)');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await db.query('delete from public.log');
  });

  afterAll(async () => {
    await server.stop();
    await db.close();
  });

  it('serves many clients at once, each getting its own answers, while the platform works in-process', async () => {
    const many = await Promise.all(Array.from({ length: 10 }, connect));
    const mismatches: string[] = [];
    const socketWork = many.map(async (client, c) => {
      for (let i = 0; i < 20; i++) {
        const { rows } = await client.query<{ c: number; i: string }>('select $1::int as c, $2::text as i', [
          c,
          `${i}`,
        ]);
        if (rows[0]?.c !== c || rows[0]?.i !== `${i}`) mismatches.push(`${c}/${i}`);
      }
    });
    const inProcess = (async () => {
      for (let i = 0; i < 20; i++) {
        await db.transaction((tx) => tx.query('insert into public.log values ($1)', [`in-process ${i}`]));
      }
    })();
    await Promise.all([...socketWork, inProcess]);
    expect(mismatches).toEqual([]);
    expect(await notes()).toHaveLength(20);
  });

  it("does not let a client's ROLLBACK swallow an in-process write made meanwhile", async () => {
    const client = await connect();
    await client.query('begin');
    await client.query("insert into public.log values ('socket, rolled back')");
    // Issued while the client is inside its transaction: it must wait, not run inside it.
    const write = db.query("insert into public.log values ('in-process')");
    await client.query('select pg_sleep(0.05)');
    await client.query('rollback');
    await write;
    expect(await notes()).toEqual(['in-process']);
  });

  it('keeps client statements out of an in-process transaction', async () => {
    const client = await connect();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into public.log values ('in-process, rolled back')");
      await paused;
      throw new Error('rolled back');
    });
    const socketWrite = client.query("insert into public.log values ('socket')");
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await socketWrite;
    expect(await notes()).toEqual(['socket']);
  });

  it('rolls back the transaction of a client that disconnects inside it', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query("insert into public.log values ('abandoned')");
    await client.end();
    expect(await notes()).toEqual([]);
  });

  it('rolls back, and lets go of the session, when a client disconnects mid-way through a batch', async () => {
    const client = await connect();
    const connection = (client as unknown as { connection: PgConnection }).connection;
    const executed = new Promise<void>((resolve) => connection.once('commandComplete', () => resolve()));
    connection.parse({ text: "insert into public.log values ('never synced')", types: [] });
    connection.bind({ values: [] });
    connection.execute({});
    await executed;
    await client.end();
    expect(await notes()).toEqual([]);
  });

  it('fails in-process work clearly when a client keeps a transaction open too long', async () => {
    const client = await connect();
    await client.query('begin');
    await expect(db.query('select 1')).rejects.toThrow(/held for 1000 ms by a client of the database socket/);
    await client.query('commit');
    expect((await db.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it("resets a client's session-level settings before in-process work", async () => {
    const client = await connect();
    await client.query('set role pg_read_all_data');
    await client.query('set search_path to pg_catalog');
    const { rows } = await db.query<{ user: string; path: string }>(
      "select current_user as user, current_setting('search_path') as path",
    );
    expect(rows).toEqual([{ user: 'postgres', path: '"$user", public, extensions' }]);
  });

  it('keeps an extended-protocol batch whole (Parse … Sync), as pgx sends migrations', async () => {
    const client = await connect();
    // pg pipelines nothing by itself: send the messages of a batch by hand, with one Sync at the end,
    // which makes the batch one implicit transaction.
    const connection = (client as unknown as { connection: PgConnection }).connection;
    const send = (text: string) => {
      connection.parse({ text, types: [] });
      connection.bind({ values: [] });
      connection.execute({});
    };
    const firstDone = new Promise<void>((resolve) => connection.once('commandComplete', () => resolve()));
    const batchDone = new Promise<void>((resolve) => connection.once('readyForQuery', () => resolve()));
    send("insert into public.log values ('batch')");
    await firstDone;
    // The batch is mid-way (no Sync yet). In-process work must wait for it, not join its transaction.
    const write = db.query("insert into public.log values ('in-process')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    send('insert into public.missing values (1)');
    connection.sync();
    await batchDone;
    await write;
    // The failing statement rolled the whole batch back, and only the batch.
    expect(await notes()).toEqual(['in-process']);
  });
});

/** The slice of pg's internal Connection used to pipeline extended-protocol messages by hand. */
interface PgConnection {
  parse(query: { text: string; types: number[] }): void;
  bind(config: { values: unknown[] }): void;
  execute(config: object): void;
  sync(): void;
  once(event: 'commandComplete' | 'readyForQuery', listener: () => void): void;
}

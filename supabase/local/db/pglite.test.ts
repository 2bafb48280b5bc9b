import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../contracts.ts';
import { openPglite } from './pglite.ts';

describe('openPglite', () => {
  let dir: string;
  let dataDir: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    dataDir = path.join(dir, 'pgdata');
    const first = await openPglite({ dataDir });
    await first.db.exec(
      "create table public.kept (note text); insert into public.kept values ('still here');",
    );
    await expect(openPglite({ dataDir })).rejects.toThrow(/already open in this process/);
    await first.db.close();
    // As if the previous owner had been killed: its lock names a process that no longer exists.
    writeFileSync(`${dataDir}.lock`, String(spawnSync(process.execPath, ['-e', '']).pid));
    ({ db } = await openPglite({ dataDir }));
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data across a restart, taking over the lock of a process that died', async () => {
    expect((await db.query('select note from public.kept')).rows).toEqual([{ note: 'still here' }]);
  });

  it('refuses Db calls nested in a transaction (one session: they would wait forever)', async () => {
    await expect(db.transaction(() => db.query('select 1'))).rejects.toThrow(
      /use the transaction's own tx.query/,
    );
  });

  it('never runs another in-process call inside an open transaction', async () => {
    await db.exec('create table public.steps (n int)');
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into public.steps values (1)');
      await paused;
      await tx.query('insert into public.steps values (2)');
      throw new Error('rolled back');
    });
    // Issued while the transaction is open: they must neither see its rows nor end up inside it.
    const write = db.query('insert into public.steps values (3)');
    const count = db.query<{ n: number }>('select count(*)::int as n from public.steps');
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await write;
    expect((await count).rows).toEqual([{ n: 1 }]);
    expect((await db.query('select n from public.steps')).rows).toEqual([{ n: 3 }]);
  });
});

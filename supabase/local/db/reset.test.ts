import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from './pglite.ts';
import { resetDatabase } from './reset.ts';

describe('resetDatabase', () => {
  let project: string;
  let dataDir: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'reset-'));
    dataDir = path.join(project, 'supabase', 'local', '.data', 'pgdata');
    mkdirSync(path.join(project, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(
      path.join(project, 'supabase', 'migrations', '20250101000000_pets.sql'),
      'create table public.pets (name text primary key);',
    );
    writeFileSync(path.join(project, 'supabase', 'seed.sql'), "insert into public.pets values ('Fido');");
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('rebuilds the data folder from bootstrap, migrations and seed, dropping everything else', async () => {
    const first = await resetDatabase({ projectRoot: project });
    expect(first.bootstrap.applied).toContain('02-auth.sql');
    expect(first.migrations.applied.map((m) => m.version)).toEqual(['20250101000000']);
    expect(first.seeds).toEqual([{ file: path.join(project, 'supabase', 'seed.sql'), outcome: 'applied' }]);

    const opened = await openPglite({ dataDir });
    await opened.db.query("insert into public.pets values ('Rex')");
    // A running platform holds the folder: reset refuses rather than deleting it under it.
    await expect(resetDatabase({ projectRoot: project })).rejects.toThrow(/already open|in use/);
    await opened.db.close();

    await resetDatabase({ projectRoot: project });
    const { db } = await openPglite({ dataDir });
    try {
      expect((await db.query('select name from public.pets')).rows).toEqual([{ name: 'Fido' }]);
      expect((await db.query('select auth.uid() as uid')).rows).toEqual([{ uid: null }]);
    } finally {
      await db.close();
    }
  });
});

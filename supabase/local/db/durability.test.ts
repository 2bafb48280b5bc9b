import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from './pglite.ts';

const COMMIT_LOOP = fileURLToPath(new URL('./testing/commit-loop.ts', import.meta.url));

describe('durability', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'durability-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every commit a writer made before it was killed with SIGKILL', async () => {
    const dataDir = path.join(dir, 'pgdata');
    // node --import tsx, not `npx tsx`: npx and the tsx CLI are parent processes of the node that
    // writes, and SIGKILL must hit the writer itself.
    const child = spawn(process.execPath, ['--import', 'tsx', COMMIT_LOOP, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const printed = await new Promise<number[]>((resolve, reject) => {
      const ids: number[] = [];
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        ids.push(...lines.map(Number));
        // Mid-way through a stream of commits, not after a pause.
        if (ids.length >= 200 && child.kill('SIGKILL')) resolve(ids);
      });
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`writer exited early (${code}): ${stderr}`));
      });
    });
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve(null) : child.on('exit', resolve),
    );

    // The killed writer's lock is stale (its process is gone): reopening takes it over.
    const { db } = await openPglite({ dataDir });
    try {
      const { rows } = await db.query<{ id: number }>('select id from public.durability');
      const stored = new Set(rows.map((row) => row.id));
      expect(printed.filter((id) => !stored.has(id))).toEqual([]);
      // Nothing half-committed: every transaction's two rows are both there or both missing.
      expect([...stored].filter((id) => !stored.has(-id))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

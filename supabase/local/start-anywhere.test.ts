/**
 * The platform starts in any folder `supabase start` accepts: a config.toml and migrations, with no
 * functions folder, no seed and none of the product's tables, and says nothing alarming about it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionNames } from './functions/names.ts';
import { SERVICE_ROLE_KEY } from './keys.ts';
import { startPlatform, type Platform } from './platform.ts';
import { createJobRunner } from './scheduler/runner.ts';

const root = mkdtempSync(path.join(tmpdir(), 'leadtorget-bare-project-'));
let platform: Platform;
const complaints: unknown[][] = [];

beforeAll(async () => {
  mkdirSync(path.join(root, 'supabase', 'migrations'), { recursive: true });
  writeFileSync(path.join(root, 'supabase', 'config.toml'), 'project_id = "bare"\n\n[api]\nport = 54321\n');
  writeFileSync(
    path.join(root, 'supabase', 'migrations', '20260101000000_todos.sql'),
    `create table public.todos (id int primary key, title text not null);
     grant select on public.todos to anon;
     insert into public.todos values (1, 'Kjøp melk');`,
  );
  const record = (...args: unknown[]) => complaints.push(args);
  vi.spyOn(console, 'error').mockImplementation(record);
  vi.spyOn(console, 'warn').mockImplementation(record);
  platform = await startPlatform({
    projectRoot: root,
    dataDir: path.join(root, '.data', 'pgdata'),
    ports: { api: 0, db: 0, outbox: 0 },
  });
});
afterAll(async () => {
  await platform?.stop();
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

describe('a bare Supabase project', () => {
  it('starts without complaint and serves its migration through the data API', async () => {
    const response = await fetch(`${platform.urls.api}/rest/v1/todos?select=title`, {
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect(await response.json()).toEqual([{ title: 'Kjøp melk' }]);
    expect(platform.database.report.seeds.every((seed) => seed.outcome === 'absent')).toBe(true);
    expect(complaints).toEqual([]);
  });

  it('has no functions and answers one by name with 404', async () => {
    expect(platform.functions.names()).toEqual([]);
    expect(functionNames(path.join(root, 'supabase', 'functions'))).toEqual([]);
    const response = await fetch(`${platform.urls.api}/functions/v1/hello`, {
      headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect(response.status).toBe(404);
  });

  it('runs no scheduled jobs, and logs nothing, without the jobs table', async () => {
    const log = vi.fn();
    const runner = createJobRunner({
      db: platform.db,
      functionsUrl: `${platform.urls.api}/functions/v1`,
      serviceRoleKey: SERVICE_ROLE_KEY,
      log,
    });
    expect(await runner.runDue(new Date())).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });
});

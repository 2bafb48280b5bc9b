/**
 * Writes to the read-only view purchased_leads through the data API: refused with PostgREST's answer
 * to a missing privilege (401 for anon, 403 signed in or with the service key), never a 500.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../supabase/local/db/migrate.ts';
import { adminClient, anonClient, signedInUser } from '../../../supabase/local/testing/auth-helpers.ts';
import { PROJECT_ROOT } from '../../../supabase/local/testing/functions-platform.ts';
import { startTestPlatform, type TestPlatform } from '../../../supabase/local/testing/test-platform.ts';

describe('purchased_leads is read-only through the data API', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ migrated: true });
    await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('answers every write with 401 or 403 and code 42501', async () => {
    const buyer = (await signedInUser(platform, 'kjoper')).client;
    const callers = [
      { name: 'anon', client: anonClient(platform), status: 401 },
      { name: 'signed in', client: buyer, status: 403 },
      { name: 'service role', client: adminClient(platform), status: 403 },
    ];
    for (const { name, client, status } of callers) {
      const view = () => client.from('purchased_leads');
      const writes = [
        await view().insert({ notes: 'x' } as never),
        await view()
          .update({ notes: 'x' } as never)
          .eq('status', 'new'),
        await view().delete().eq('status', 'new'),
      ];
      for (const write of writes) {
        expect({ name, status: write.status, code: write.error?.code }).toEqual({
          name,
          status,
          code: '42501',
        });
      }
    }
    // Reading is as before.
    expect((await buyer.from('purchased_leads').select('id')).data).toEqual([]);
  });
});

/**
 * The real create-image function (supabase/functions/create-image) through the real platform: gateway
 * (verify_jwt) → Deno worker → auth.getUser → is_organization_member with the caller's JWT →
 * claim_image_generation → the local image provider (no OPENAI_API_KEY, SUPABASE_URL on 127.0.0.1) →
 * the PNG into the organizations-media bucket and the row, with the service role. The member then
 * reads both back with supabase-js as the app would; a stranger is refused and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tables } from '../../../src/lib/database.types.ts';
import { signedInUser } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe.skipIf(!hasDeno)('create-image on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let member: SupabaseClient;
  let memberId: string;
  let stranger: SupabaseClient;
  const organizationId = randomUUID();

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const owner = await signedInUser(platform, 'bilder');
    member = owner.client;
    memberId = owner.user.id;
    stranger = (await signedInUser(platform, 'fremmed')).client;
    await sql(platform, `insert into public.organizations (id, name, owner_id) values ($1, 'Bilde AS', $2)`, [
      organizationId,
      memberId,
    ]);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('a member gets a stored PNG and a row that points at it', async () => {
    const invoked = await member.functions.invoke<{ media: Tables<'organizations_media'> }>('create-image', {
      body: { organizationId, prompt: 'Julekalender med rød dør og snø', negatives: 'tekst', style: 'vivid' },
    });
    expect(invoked.error, stack.logs.join('\n')).toBeNull();
    const media = invoked.data!.media;
    expect(media).toMatchObject({
      organization_id: organizationId,
      type: 'image',
      storage_path: `${organizationId}/${media.id}/original.png`,
      url: `${organizationId}/${media.id}/original.png`,
      mime_type: 'image/png',
      width: 1024,
      height: 1024,
      source: 'ai',
      prompt: 'Julekalender med rød dør og snø\n\nUnngå: tekst',
      name: 'Julekalender med rød dør og snø',
      created_by: memberId,
      processing: false,
    });

    // The member reads the row through RLS and downloads the file through the bucket's policies.
    const row = await member.from('organizations_media').select('*').eq('id', media.id).single();
    expect(row.data).toEqual(media);
    const file = await member.storage.from('organizations-media').download(media.storage_path);
    expect(file.error).toBeNull();
    const bytes = new Uint8Array(await file.data!.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBe(media.size_bytes);
    const signed = await member.storage.from('organizations-media').createSignedUrl(media.storage_path, 60);
    expect((await fetch(signed.data!.signedUrl)).headers.get('content-type')).toBe('image/png');
  });

  it('a stranger is refused and nothing is stored', async () => {
    const before = await sql<{ rows: number; files: number }>(
      platform,
      `select (select count(*)::int from public.organizations_media) as rows,
              (select count(*)::int from storage.objects where bucket_id = 'organizations-media') as files`,
    );
    const invoked = await stranger.functions.invoke('create-image', {
      body: { organizationId, prompt: 'Et bilde jeg ikke får lov til' },
    });
    expect(invoked.error).toMatchObject({ context: { status: 403 } });
    expect(await (invoked.error as { context: Response }).context.json()).toEqual({
      error: { code: 'forbidden' },
    });
    const after = await sql<{ rows: number; files: number }>(
      platform,
      `select (select count(*)::int from public.organizations_media) as rows,
              (select count(*)::int from storage.objects where bucket_id = 'organizations-media') as files`,
    );
    expect(after).toEqual(before);
    expect(
      await sql(platform, `select 1 from private.image_generations where organization_id = $1`, [
        organizationId,
      ]),
    ).toHaveLength(1);
  });

  it('bad input is 400 invalid-input', async () => {
    const invoked = await member.functions.invoke('create-image', {
      body: { organizationId, prompt: 'En dør', images_count: 2 },
    });
    expect(invoked.error).toMatchObject({ context: { status: 400 } });
  });
});

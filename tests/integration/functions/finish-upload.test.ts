/**
 * The real finish-upload function through the real platform: a member uploads files with supabase-js
 * as the app does, finish-upload reads their first bytes from storage (service role, ranged read) and
 * writes the row. Files that lie are refused and removed; the member cannot write a row, a file column
 * or a checked file themselves; a stranger is refused and nothing is stored.
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
import { ftyp, png, webm, webpLossy } from '../../lib/media/fixtures.ts';
import { sql } from '../support/marketplace.ts';

type MediaRow = Tables<'organizations_media'>;
const BUCKET = 'organizations-media';

describe.skipIf(!hasDeno)('finish-upload on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let member: SupabaseClient;
  let memberId: string;
  let stranger: SupabaseClient;
  const organizationId = randomUUID();

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    const owner = await signedInUser(platform, 'opplaster');
    member = owner.client;
    memberId = owner.user.id;
    stranger = (await signedInUser(platform, 'utenfor')).client;
    await sql(
      platform,
      `insert into public.organizations (id, name, owner_id) values ($1, 'Opplast AS', $2)`,
      [organizationId, memberId],
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Bytes padded to `size` (the header first), sent as `type` the way the app uploads. */
  async function put(
    client: SupabaseClient,
    path: string,
    head: Uint8Array,
    type: string,
    size = head.length,
  ) {
    const bytes = new Uint8Array(size);
    bytes.set(head);
    return client.storage.from(BUCKET).upload(path, new Blob([bytes], { type }), { contentType: type });
  }

  const finish = (client: SupabaseClient, body: Record<string, unknown>) =>
    client.functions.invoke<{ media: MediaRow }>('finish-upload', { body });

  const listFolder = async (folder: string) => {
    const { data } = await member.storage.from(BUCKET).list(folder);
    return (data ?? []).map((entry) => entry.name).sort();
  };

  async function errorCodeOf(result: { error: unknown }) {
    const context = (result.error as { context?: Response } | null)?.context;
    return context ? ((await context.json()) as { error: { code: string } }).error.code : null;
  }

  it('an image: the row says what the stored bytes are', async () => {
    const mediaId = randomUUID();
    const folder = `${organizationId}/${mediaId}`;
    expect(
      (await put(member, `${folder}/original.png`, png(3000, 2000), 'image/png', 300_000)).error,
    ).toBeNull();
    expect((await put(member, `${folder}/web.webp`, webpLossy(2048, 1365), 'image/webp')).error).toBeNull();
    expect((await put(member, `${folder}/thumb.webp`, webpLossy(480, 320), 'image/webp')).error).toBeNull();

    const finished = await finish(member, { organizationId, mediaId, name: 'Fasade' });
    expect(finished.error, stack.logs.join('\n')).toBeNull();
    expect(finished.data!.media).toMatchObject({
      id: mediaId,
      organization_id: organizationId,
      type: 'image',
      name: 'Fasade',
      storage_path: `${folder}/original.png`,
      url: `${folder}/web.webp`,
      thumbnail_path: `${folder}/thumb.webp`,
      mime_type: 'image/png',
      size_bytes: 300_000,
      width: 3000,
      height: 2000,
      created_by: memberId,
      processing: false,
    });

    // The files are the row's now: the member can no longer replace one.
    const replaced = await member.storage
      .from(BUCKET)
      .upload(`${folder}/original.png`, new Blob([png(10, 10)], { type: 'image/png' }), { upsert: true });
    expect(replaced.error).not.toBeNull();
  });

  it('a file that lies about its type is refused and removed, and no row is written', async () => {
    const mediaId = randomUUID();
    const folder = `${organizationId}/${mediaId}`;
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect((await put(member, `${folder}/original.png`, html, 'image/png')).error).toBeNull();

    const finished = await finish(member, { organizationId, mediaId, name: 'Ikke et bilde' });
    expect(finished.error).not.toBeNull();
    expect(await errorCodeOf(finished)).toBe('media-type-unsupported');
    expect(await listFolder(folder)).toEqual([]);
    const rows = await member.from('organizations_media').select('id').eq('id', mediaId);
    expect(rows.data).toEqual([]);
  });

  it('an empty file is no media: refused, not a server error', async () => {
    const mediaId = randomUUID();
    const folder = `${organizationId}/${mediaId}`;
    expect((await put(member, `${folder}/original.png`, new Uint8Array(), 'image/png')).error).toBeNull();
    const finished = await finish(member, { organizationId, mediaId, name: 'Tom' });
    expect(await errorCodeOf(finished)).toBe('media-type-unsupported');
    expect(await listFolder(folder)).toEqual([]);
  });

  it('a video: processing until its checked renditions finish it', async () => {
    const mediaId = randomUUID();
    const folder = `${organizationId}/${mediaId}`;
    // 600 KiB: more than the 256 KiB finish-upload reads.
    expect(
      (await put(member, `${folder}/original.mp4`, ftyp('isom'), 'video/mp4', 600 * 1024)).error,
    ).toBeNull();
    const added = await finish(member, { organizationId, mediaId, name: 'Sommerfest', durationSeconds: 4.2 });
    expect(added.error, stack.logs.join('\n')).toBeNull();
    expect(added.data!.media).toMatchObject({ type: 'video', processing: true, duration_seconds: 4.2 });

    // The member cannot mark it processed themselves.
    const forged = await member
      .from('organizations_media')
      .update({ processing: false, url_mp4: `${folder}/original.mp4` })
      .eq('id', mediaId);
    expect(forged.error?.code).toBe('42501');

    expect((await member.rpc('claim_video_processing', { input_media_id: mediaId })).data).toBe(true);
    await put(member, `${folder}/video.mp4`, ftyp('isom'), 'video/mp4');
    await put(member, `${folder}/video.webm`, webm(), 'video/webm');
    await put(member, `${folder}/poster.webp`, webpLossy(1280, 720), 'image/webp');
    await put(member, `${folder}/thumb.webp`, webpLossy(480, 270), 'image/webp');
    const done = await finish(member, { organizationId, mediaId, durationSeconds: 4.25 });
    expect(done.error, stack.logs.join('\n')).toBeNull();
    expect(done.data!.media).toMatchObject({
      processing: false,
      processing_claimed_until: null,
      url_mp4: `${folder}/video.mp4`,
      url_webm: `${folder}/video.webm`,
      url: `${folder}/poster.webp`,
      thumbnail_path: `${folder}/thumb.webp`,
      width: 1280,
      height: 720,
      duration_seconds: 4.25,
    });
  });

  it('a file replaced while it is checked: the row always describes the stored bytes', async () => {
    const ROUNDS = 12;
    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const mediaId = randomUUID();
      const original = `${organizationId}/${mediaId}/original.png`;
      expect((await put(member, original, png(10, 10), 'image/png')).error).toBeNull();
      // The replacement arrives a little later each round, to land anywhere in finish-upload's work.
      const swap = delay(round * 20).then(() =>
        member.storage.from(BUCKET).upload(original, new Blob([html], { type: 'image/png' }), {
          contentType: 'image/png',
          upsert: true,
        }),
      );
      const [finished, swapped] = await Promise.all([
        finish(member, { organizationId, mediaId, name: 'Byttet' }),
        swap,
      ]);
      outcomes.push(`${finished.error ? 'refused' : 'added'}, swap ${swapped.error ? 'refused' : 'stored'}`);
      if (finished.error) continue;
      const row = finished.data!.media;
      const stored = await member.storage.from(BUCKET).download(original);
      expect(stored.error).toBeNull();
      const bytes = new Uint8Array(await stored.data!.arrayBuffer());
      expect({
        round,
        type: row.mime_type,
        size: row.size_bytes,
        png: bytes[1] === 0x50 && bytes[2] === 0x4e,
      }).toEqual({
        round,
        type: 'image/png',
        size: bytes.length,
        png: true,
      });
    }
    console.log(`finish-upload against a swap, ${ROUNDS} rounds: ${outcomes.join('; ')}`);
  });

  it('members write no rows themselves; a stranger is refused and nothing is stored', async () => {
    const mediaId = randomUUID();
    const direct = await member.from('organizations_media').insert({
      id: mediaId,
      organization_id: organizationId,
      type: 'image',
      storage_path: `${organizationId}/${mediaId}/original.png`,
      mime_type: 'image/png',
      size_bytes: 1,
      name: 'Snarvei',
    });
    expect(direct.error?.code).toBe('42501');

    const folder = `${organizationId}/${mediaId}`;
    const upload = await put(stranger, `${folder}/original.png`, png(10, 10), 'image/png');
    expect(upload.error).not.toBeNull();
    await put(member, `${folder}/original.png`, png(10, 10), 'image/png');
    const refused = await finish(stranger, { organizationId, mediaId, name: 'Fremmed' });
    expect(await errorCodeOf(refused)).toBe('forbidden');
    const rows = await sql(
      platform,
      `select count(*)::int as n from public.organizations_media where id = $1`,
      [mediaId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

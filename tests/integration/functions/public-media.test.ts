/**
 * Public media links through the real platform: a visitor cannot sign a door's picture themselves
 * (not for ten years, not at all); the public-media function issues a link for it, valid 15 minutes
 * whatever the caller asks, and none once the picture is off the door.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, jwtClaims } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { webpLossy } from '../../lib/media/fixtures.ts';
import { openDailyCalendar } from '../support/calendars.ts';
import { sql } from '../support/marketplace.ts';

const BUCKET = 'organizations-media';
const TEN_YEARS = 10 * 365 * 24 * 3600;

interface Links {
  links: { path: string; url: string | null }[];
}

describe.skipIf(!hasDeno)('public-media on the platform', () => {
  let stack: FunctionsTestPlatform;
  let platform: TestPlatform;
  const mediaId = randomUUID();
  let organizationId = '';
  let calendarId = '';
  let picture = '';
  let original = '';
  const bytes = webpLossy(640, 480);

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    ({ organizationId, calendarId } = await openDailyCalendar(platform));
    picture = `${organizationId}/${mediaId}/web.webp`;
    original = `${organizationId}/${mediaId}/original.png`;
    expect(await serviceUpload(picture, bytes)).toBeNull();
    await sql(
      platform,
      `insert into public.organizations_media (id, organization_id, type, storage_path, url, mime_type, size_bytes, name)
       values ($1, $2, 'image', $3, $4, 'image/png', 10, 'Luke 1')`,
      [mediaId, organizationId, original, picture],
    );
    await sql(
      platform,
      `update public.calendar_doors set media_id = $1 where calendar_id = $2 and day_number = 1`,
      [mediaId, calendarId],
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Stores `data` at `path` with the service key; the error message, or null. */
  async function serviceUpload(path: string, data: Uint8Array): Promise<string | null> {
    const response = await fetch(`${platform.url}/storage/v1/object/${BUCKET}/${path}`, {
      method: 'POST',
      headers: {
        apikey: platform.config.serviceRoleKey,
        Authorization: `Bearer ${platform.config.serviceRoleKey}`,
        'Content-Type': 'image/webp',
      },
      body: new Uint8Array(data),
    });
    return response.ok ? null : await response.text();
  }

  async function ask(body: unknown): Promise<Links> {
    const response = await fetch(`${platform.url}/functions/v1/public-media`, {
      method: 'POST',
      headers: {
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${platform.config.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(response.status, stack.logs.join('\n')).toBe(200);
    return (await response.json()) as Links;
  }

  it('a visitor cannot sign a door’s picture, for ten years or at all', async () => {
    const signed = await anonClient(platform).storage.from(BUCKET).createSignedUrl(picture, TEN_YEARS);
    expect(signed.data).toBeNull();
    expect(signed.error).toMatchObject({ message: 'Object not found' });
  });

  it('public-media issues a 15-minute link for what an open door shows, whatever the caller asks', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { links } = await ask({ paths: [picture, original], expiresIn: TEN_YEARS });
    expect(links.map((link) => [link.path, link.url === null])).toEqual([
      [picture, false],
      [original, true],
    ]);
    const url = links[0]!.url!;
    expect(url).toMatch(new RegExp(`^/object/sign/${BUCKET}/${picture}\\?token=`));
    const claims = jwtClaims(new URL(url, 'http://x').searchParams.get('token')!);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 900);
    expect(Number(claims.exp)).toBeGreaterThanOrEqual(before + 900);
    const download = await fetch(`${platform.url}/storage/v1${url}`);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('no link once the picture is off the door', async () => {
    await sql(platform, `update public.calendar_doors set media_id = null where calendar_id = $1`, [
      calendarId,
    ]);
    const { links } = await ask({ paths: [picture] });
    expect(links).toEqual([{ path: picture, url: null }]);
  });
});

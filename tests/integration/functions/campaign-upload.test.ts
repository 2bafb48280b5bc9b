/**
 * The public's uploads through the real platform, as the participant page uses them:
 * - a member of a team sends a phone photo with GPS in its EXIF to campaign-upload (anon key, their
 *   token in a header) and logs progress with it; the team's gallery lists it, public-media signs it
 *   from the campaign-uploads bucket, and the stored file has no EXIF;
 * - a participant without a team, and a file that is no picture, are refused with their codes;
 * - once the entry is deleted, the sweep job removes the file from storage.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_WITH_GPS } from '../../../supabase/functions/_shared/test-images.ts';
import { anonClient, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { runCampaignJob } from '../support/campaign-jobs.ts';
import { sql } from '../support/marketplace.ts';
import { newFjordRor } from '../support/organization.ts';

describe.skipIf(!hasDeno)('uploads from the public on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let anon: SupabaseClient;
  let organizationId = '';
  const competitionId = randomUUID();
  const teamId = randomUUID();
  let memberToken = '';
  let outsiderToken = '';

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    anon = anonClient(platform);
    organizationId = await newFjordRor(platform, 'bilder');
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.')`,
      [competitionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal)
       select $1, $2, d - 1, d + 10, 'km', 1000 from (select (now() at time zone 'Europe/Oslo')::date as d) as today`,
      [competitionId, organizationId],
    );
    await sql(
      platform,
      `insert into public.competitions_teams (id, competition_id, organization_id, name) values ($1, $2, $3, 'Tråkkerne')`,
      [teamId, competitionId, organizationId],
    );
    const shownAt = new Date(Date.now() - 10_000).toISOString();
    const member = uniqueEmail('foto');
    const outsider = uniqueEmail('uten-lag');
    expect(
      (
        await anon.rpc('join_competition_team', {
          input_competition_id: competitionId,
          input_email: member,
          input_consent: true,
          input_form_shown_at: shownAt,
          input_team_id: teamId,
          input_name: 'Kari Nordmann',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await anon.rpc('register_competition_participant', {
          input_competition_id: competitionId,
          input_email: outsider,
          input_consent: true,
          input_form_shown_at: shownAt,
        })
      ).error,
    ).toBeNull();
    const tokenOf = async (email: string) =>
      (
        await sql<{ token: string }>(
          platform,
          `select public.issue_participant_token(p.id, $2) as token from public.participants as p where p.email = $1`,
          [email, competitionId],
        )
      )[0]!.token;
    memberToken = await tokenOf(member);
    outsiderToken = await tokenOf(outsider);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const upload = (body: Uint8Array<ArrayBuffer>, token: string) =>
    fetch(
      `${platform.url}/functions/v1/campaign-upload?campaign=${competitionId}&purpose=competition-progress`,
      {
        method: 'POST',
        headers: {
          apikey: platform.config.anonKey,
          Authorization: `Bearer ${platform.config.anonKey}`,
          'Content-Type': 'image/jpeg',
          'x-participation-token': token,
        },
        body,
      },
    );

  let path = '';

  it("a member's photo is stored without its EXIF, logged with progress and shown on the team's page", async () => {
    const sent = await upload(JPEG_WITH_GPS, memberToken);
    expect(sent.status, stack.logs.join('\n')).toBe(201);
    const { upload_id: uploadId } = (await sent.json()) as { upload_id: string };

    const today = (
      await sql<{ d: string }>(
        platform,
        `select to_char(now() at time zone 'Europe/Oslo', 'YYYY-MM-DD') as d`,
      )
    )[0]!.d;
    const logged = await anon.rpc('log_competition_progress_with_photo', {
      input_token: memberToken,
      input_competition_id: competitionId,
      input_amount: 12.5,
      input_on_date: today,
      input_photo_upload_id: uploadId,
    });
    expect(logged.error).toBeNull();

    const photos = await anon.rpc('competition_team_photos', {
      input_competition_id: competitionId,
      input_team_id: teamId,
    });
    expect(photos.error).toBeNull();
    const [photo] = photos.data as { path: string; name: string; amount: number }[];
    expect(photo).toMatchObject({ name: 'Kari N.', amount: 12.5 });
    path = photo!.path;

    const links = await fetch(`${platform.url}/functions/v1/public-media`, {
      method: 'POST',
      headers: { apikey: platform.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paths: [path], bucket: 'campaign-uploads' }),
    });
    const { links: [link] = [] } = (await links.json()) as { links?: { url: string | null }[] };
    expect(link?.url).toBeTruthy();
    const file = Buffer.from(await (await fetch(`${platform.url}/storage/v1${link!.url}`)).arrayBuffer());
    expect(file.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(file.toString('latin1')).not.toContain('GPS');
    expect(file.length).toBeLessThan(JPEG_WITH_GPS.length);
  });

  it('a participant without a team, and a file that is no picture, are refused', async () => {
    const outsider = await upload(JPEG_WITH_GPS, outsiderToken);
    expect(outsider.status).toBe(403);
    expect(await outsider.json()).toEqual({ error: { code: 'competition-no-team' } });
    const svg = await upload(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      memberToken,
    );
    expect(svg.status).toBe(415);
    expect(await svg.json()).toEqual({ error: { code: 'campaign-upload-type' } });
  });

  it('the sweep removes the file of a deleted entry', async () => {
    await sql(platform, `delete from public.competitions_progress where competition_id = $1`, [
      competitionId,
    ]);
    // The sweep leaves files younger than an hour (they may be mid-upload).
    await sql(
      platform,
      `update storage.objects set created_at = now() - interval '2 hours' where name = $1`,
      [path],
    );
    const run = await runCampaignJob(platform, { job: 'campaign-uploads-sweep' });
    expect(await run.json(), stack.logs.join('\n')).toMatchObject({ job: 'campaign-uploads-sweep' });
    const left = await sql(
      platform,
      `select 1 from storage.objects where bucket_id = 'campaign-uploads' and name = $1`,
      [path],
    );
    expect(left).toHaveLength(0);
  });
});

/**
 * The calendars' public media and the real campaign-jobs function through the real platform, with
 * supabase-js as the public pages and the scheduler use them:
 * - anon gets a link to an open door's picture from the public-media function and downloads it; it
 *   signs nothing itself, a future door's picture gets no link, and its door cannot be read;
 * - campaign-jobs refuses anything but the service key; with it, `calendar-confirmations` e-mails a
 *   participation link whose token opens public.participation, and `calendar-reminders` with
 *   an explicit `now` e-mails today's door with a one-click unsubscribe link — both into the outbox;
 * - the reminder keeps its RFC 8058 headers in the outbox, and their URL (the unsubscribe function)
 *   unsubscribes on a POST without any key or session, while a GET only leads to the page that asks.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  anonClient,
  signedInUser,
  uniqueEmail,
} from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { sql } from '../support/marketplace.ts';

const BUCKET = 'organizations-media';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

describe.skipIf(!hasDeno)('calendar media and campaign-jobs on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let anon: SupabaseClient;
  const organizationId = randomUUID();
  const calendarId = randomUUID();
  const openMedia = randomUUID();
  const futureMedia = randomUUID();
  const openPath = `${organizationId}/${openMedia}/web.webp`;
  const futurePath = `${organizationId}/${futureMedia}/web.webp`;
  const participant = uniqueEmail('deltaker');

  function job(body: unknown, key: string | null) {
    return fetch(`${platform.url}/functions/v1/campaign-jobs`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(key ? { Authorization: `Bearer ${key}`, apikey: key } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    anon = anonClient(platform);
    const owner = await signedInUser(platform, 'kalender');
    await sql(
      platform,
      `insert into public.organizations (id, name, owner_id) values ($1, 'Kalender AS', $2)`,
      [organizationId, owner.user.id],
    );
    for (const [id, path] of [
      [openMedia, openPath],
      [futureMedia, futurePath],
    ] as const) {
      const upload = await adminClient(platform)
        .storage.from(BUCKET)
        .upload(path, new Blob([PNG], { type: 'image/webp' }), { contentType: 'image/webp' });
      expect(upload.error).toBeNull();
      await sql(
        platform,
        `insert into public.organizations_media (id, organization_id, type, storage_path, url, alt_text, mime_type, size_bytes)
         values ($1, $2, 'image', $3, $3, 'Snø på fjorden', 'image/webp', $4)`,
        [id, organizationId, path, PNG.length],
      );
    }
    // Door 1 opened yesterday, door 2 today at 00:00 (Oslo), door 5 in three days; reminders at 00:00.
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, reminder_time, published_at, consent_text)
       values ($1, $2, 'calendar', 'Vinterkalender', '00:00', now(), 'Jeg godtar reglene.')`,
      [calendarId, organizationId],
    );
    await sql(
      platform,
      `insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time)
       select $1, $2, 'daily', d - 1, d + 5, '00:00'
       from (select (now() at time zone 'Europe/Oslo')::date as d) as today`,
      [calendarId, organizationId],
    );
    await sql(
      platform,
      `update public.calendar_doors set media_id = case day_number when 2 then $2::uuid else $3::uuid end, title = 'Luke'
       where calendar_id = $1 and day_number in (2, 5)`,
      [calendarId, openMedia, futureMedia],
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("anon gets a link to an open door's picture from public-media; a future door's gets none", async () => {
    const door = await anon.rpc('calendar_public_door', {
      input_calendar_id: calendarId,
      input_day_number: 2,
    });
    expect(door.error).toBeNull();
    const media = (door.data as { media: { path: string; alt_text: string } }).media;
    expect(media).toMatchObject({ path: openPath, alt_text: 'Snø på fjorden' });

    // Visitors sign nothing themselves; the server issues the links.
    expect((await anon.storage.from(BUCKET).createSignedUrl(media.path, 3600)).data).toBeNull();
    const trick = `${organizationId}/${openMedia}/../${futureMedia}/web.webp`;
    const issued = await fetch(`${platform.url}/functions/v1/public-media`, {
      method: 'POST',
      headers: { apikey: platform.config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paths: [media.path, futurePath, trick] }),
    });
    expect(issued.status, stack.logs.join('\n')).toBe(200);
    const { links } = (await issued.json()) as { links: { path: string; url: string | null }[] };
    expect(links.map((link) => link.url === null)).toEqual([false, true, true]);
    const response = await fetch(`${platform.url}/storage/v1${links[0]!.url!}`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const hidden = await anon.rpc('calendar_public_door', {
      input_calendar_id: calendarId,
      input_day_number: 5,
    });
    expect(hidden.error?.message).toBe('calendar-door-not-found');
  });

  it('campaign-jobs answers only the service key', async () => {
    expect((await job({ job: 'calendar-confirmations' }, null)).status).toBe(401);
    const asAnon = await job({ job: 'calendar-confirmations' }, platform.config.anonKey);
    expect(asAnon.status).toBe(403);
    expect(await asAnon.json()).toEqual({ error: { code: 'forbidden' } });
  });

  it("a confirmation with a working participation link, then today's reminder with unsubscribe", async () => {
    const registered = await anon.rpc('register_calendar_participant', {
      input_calendar_id: calendarId,
      input_email: participant,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
      input_name: 'Kari Nordmann',
      input_reminders_opt_in: true,
    });
    expect(registered.error).toBeNull();
    const key = platform.config.serviceRoleKey;

    const confirmations = await job({ job: 'calendar-confirmations' }, key);
    expect(await confirmations.json(), stack.logs.join('\n')).toEqual({
      job: 'calendar-confirmations',
      sent: 1,
      failed: 0,
    });
    const [confirmation] = await stack.mailsTo(participant);
    expect(confirmation!.Subject).toBe('Takk for at du er med i Vinterkalender');
    const link = new RegExp(
      `${platform.config.siteUrl.replace(/\/$/, '')}/calendar/participation\\?id=${calendarId}&token=([0-9a-f]{64})`,
    ).exec(confirmation!.Text);
    expect(link, confirmation!.Text).not.toBeNull();
    const page = await anon.rpc('participation', { input_token: link![1] });
    expect(page.error).toBeNull();
    expect(page.data).toMatchObject({
      email: participant,
      campaigns: [{ campaign_id: calendarId, kind: 'calendar', reminders_opt_in: true }],
    });
    expect(
      ((await (await job({ job: 'calendar-confirmations' }, key)).json()) as { sent: number }).sent,
    ).toBe(0);

    const now = new Date().toISOString();
    const reminders = await job({ job: 'calendar-reminders', now }, key);
    expect(await reminders.json(), stack.logs.join('\n')).toEqual({
      job: 'calendar-reminders',
      sent: 1,
      failed: 0,
    });
    const reminder = (await stack.mailsTo(participant)).find((mail) => mail.Subject.startsWith('Luke 2'));
    expect(reminder?.Subject).toBe('Luke 2 i Vinterkalender er åpen');
    expect(reminder!.Text).toContain(`/calendar/${calendarId}/2`);
    const unsubscribe = /calendar\/participation\?id=[0-9a-f-]+&token=([0-9a-f]{64})&unsubscribe=1/.exec(
      reminder!.Text,
    );
    expect(unsubscribe).not.toBeNull();
    expect(
      ((await (await job({ job: 'calendar-reminders', now }, key)).json()) as { sent: number }).sent,
    ).toBe(0);

    const token = unsubscribe![1]!;
    const headers = await stack.mailHeaders(reminder!.ID);
    const oneClick = `${platform.url}/functions/v1/unsubscribe?kind=calendar&id=${calendarId}&token=${token}`;
    expect(headers['List-Unsubscribe']).toEqual([`<${oneClick}>`]);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const optedIn = async () =>
      (
        (await anon.rpc('participation', { input_token: token })).data as {
          campaigns: { campaign_id: string; reminders_opt_in: boolean }[];
        }
      ).campaigns.find((campaign) => campaign.campaign_id === calendarId)?.reminders_opt_in;

    // A link scanner's GET: nothing changes, it is sent on to the page that asks.
    const get = await fetch(oneClick, { redirect: 'manual' });
    expect(get.status, stack.logs.join('\n')).toBe(303);
    expect(get.headers.get('location')).toBe(
      `${platform.config.siteUrl.replace(/\/$/, '')}/calendar/participation?id=${calendarId}&token=${token}&unsubscribe=1`,
    );
    expect(await optedIn()).toBe(true);

    // The mail client's one click: a form POST with no key, no session, no cookie.
    const post = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await post.json(), stack.logs.join('\n')).toEqual({ unsubscribed: true });
    expect(await optedIn()).toBe(false);

    const unknown = await fetch(oneClick.replace(token, 'b'.repeat(64)), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(404);
  });

  it('calendar-draws runs with the service key (nothing to draw here)', async () => {
    const draws = await job({ job: 'calendar-draws' }, platform.config.serviceRoleKey);
    expect(await draws.json()).toEqual({ job: 'calendar-draws', draws: 0 });
  });
});

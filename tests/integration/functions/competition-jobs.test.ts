/**
 * The competitions' confirmation e-mail and share image through the real platform, as the public
 * pages and the scheduler use them:
 * - a visitor joins a team with supabase-js; campaign-jobs `competition-confirmations` (the service
 *   key) then leaves exactly one «Du er med i …» e-mail in the outbox, whose participation link opens
 *   the person's competition page; the next run sends nothing;
 * - `competition-standings` with next Monday as `now` e-mails the week's standings with RFC 8058
 *   headers whose URL (kind competition) turns the competition's reminders off on a POST;
 * - competition-og answers a published team's share image (PNG, 1200 × 630) without any key, and 404
 *   for an unknown team and for a draft's.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(!hasDeno)('competition e-mails and share image on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  let anon: SupabaseClient;
  let organizationId = '';
  const competitionId = randomUUID();
  const draftId = randomUUID();
  const teamId = randomUUID();
  const draftTeamId = randomUUID();
  const participant = uniqueEmail('syklist');

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    anon = anonClient(platform);
    organizationId = await newFjordRor(platform, 'fyllopp');
    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $3, 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.'),
              ($2, $3, 'competition', 'Utkast', null, null)`,
      [competitionId, draftId, organizationId],
    );
    // Live from yesterday (Oslo) for ten days.
    await sql(
      platform,
      `insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_goal)
       select id, $3, d - 1, d + 10, 'km', 1000, 100
       from (values ($1::uuid), ($2::uuid)) as c (id), (select (now() at time zone 'Europe/Oslo')::date as d) as today`,
      [competitionId, draftId, organizationId],
    );
    await sql(
      platform,
      `insert into public.competitions_teams (id, competition_id, organization_id, name)
       values ($1, $2, $5, 'Tråkkerne'), ($3, $4, $5, 'Utkastlaget')`,
      [teamId, competitionId, draftTeamId, draftId, organizationId],
    );
  });

  const job = (body: { job: string; now?: string }) => runCampaignJob(platform, body);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a join leads to exactly one confirmation in the outbox, with a working participation link', async () => {
    const joined = await anon.rpc('join_competition_team', {
      input_competition_id: competitionId,
      input_email: participant,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
      input_team_id: teamId,
      input_name: 'Kari Nordmann',
      input_reminders_opt_in: true,
    });
    expect(joined.error).toBeNull();
    expect(joined.data).toMatchObject({ outcome: 'joined', team_name: 'Tråkkerne' });

    const run = () => job({ job: 'competition-confirmations' });
    expect(await (await run()).json(), stack.logs.join('\n')).toEqual({
      job: 'competition-confirmations',
      sent: 1,
      failed: 0,
    });
    expect(await (await run()).json()).toEqual({ job: 'competition-confirmations', sent: 0, failed: 0 });

    const mails = await stack.mailsTo(participant);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.Subject).toBe('Du er med i Sykle til jobben');
    expect(mail!.Text).toContain('Du er med på laget Tråkkerne i Sykle til jobben fra Fjord Rør AS.');
    const site = platform.config.siteUrl.replace(/\/$/, '');
    expect(mail!.Text).toContain(`${site}/fyllopp/${competitionId}/gruppe/${teamId}`);
    const link = new RegExp(`${site}/fyllopp/participation\\?id=${competitionId}&token=([0-9a-f]{64})`).exec(
      mail!.Text,
    );
    expect(link, mail!.Text).not.toBeNull();
    const page = await anon.rpc('competition_participation', {
      input_token: link![1]!,
      input_competition_id: competitionId,
    });
    expect(page.error).toBeNull();
    expect(page.data).toMatchObject({
      membership: { role: 'member', status: 'active' },
      team: { name: 'Tråkkerne' },
    });
  });

  it('next Monday the standings arrive with a one-click unsubscribe that turns the reminders off', async () => {
    const monday = (
      await sql<{ monday: string }>(
        platform,
        `select to_char(d + (8 - extract(isodow from d)::int), 'YYYY-MM-DD') as monday
         from (select (now() at time zone 'Europe/Oslo')::date as d) as today`,
      )
    )[0]!.monday;
    // 08:30 UTC is 09:30 or 10:30 in Oslo: after the 08:00 reminder time either way.
    const now = `${monday}T08:30:00Z`;
    expect(await (await job({ job: 'competition-standings', now })).json(), stack.logs.join('\n')).toEqual({
      job: 'competition-standings',
      sent: 1,
      failed: 0,
    });
    expect(((await (await job({ job: 'competition-standings', now })).json()) as { sent: number }).sent).toBe(
      0,
    );
    const standings = (await stack.mailsTo(participant)).find((mail) =>
      mail.Subject.startsWith('Ukens stilling'),
    );
    expect(standings?.Subject).toBe('Ukens stilling i Sykle til jobben: Tråkkerne er nr. 1');
    const headers = await stack.mailHeaders(standings!.ID);
    const oneClick = /^<(.+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')?.[1];
    expect(oneClick).toMatch(
      new RegExp(`/functions/v1/unsubscribe\\?kind=competition&id=${competitionId}&token=[0-9a-f]{64}$`),
    );
    const token = new URL(oneClick!).searchParams.get('token')!;
    const optedIn = async () =>
      (
        (await anon.rpc('participation', { input_token: token })).data as {
          campaigns: { campaign_id: string; reminders_opt_in: boolean }[];
        }
      ).campaigns.find((campaign) => campaign.campaign_id === competitionId)?.reminders_opt_in;
    expect(await optedIn()).toBe(true);
    const post = await fetch(oneClick!, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(await post.json(), stack.logs.join('\n')).toEqual({ unsubscribed: true });
    expect(await optedIn()).toBe(false);
  });

  it("competition-og draws a published team's share image for anyone; 404 for an unknown or draft team", async () => {
    const image = await fetch(`${platform.url}/functions/v1/competition-og?team=${teamId}`);
    expect(image.status, stack.logs.join('\n')).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    for (const unknown of [randomUUID(), draftTeamId]) {
      const missing = await fetch(`${platform.url}/functions/v1/competition-og?team=${unknown}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: 'not-found' } });
    }
  });
});

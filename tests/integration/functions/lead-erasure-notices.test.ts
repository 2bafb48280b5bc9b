/**
 * The buyers of a lead are told when its person asks for erasure (GDPR art. 19), through the real
 * platform: a person registers in a seller's calendar (their lead), the lead is listed and bought by
 * three organizations, the person deletes their data with the token from their confirmation e-mail
 * (anon, delete_participant), and campaign-jobs' `lead-erasure-notices` (service key) e-mails each
 * buyer's owner and admins — never a plain member — into the outbox, once.
 *
 * A recipient the outbox refuses (an address it cannot take) fails that e-mail: a buyer of which
 * another owner or admin got the notice has been told and is not sent it again; a buyer of which
 * nobody got it is released and sent on a later run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInUser, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { runCampaignJob } from '../support/campaign-jobs.ts';
import {
  createMarketplace,
  marketplaceOrganization,
  sql,
  type TestOrganization,
} from '../support/marketplace.ts';

const SUBJECT = 'Personen bak leadet «Nytt bad i Bergen» har bedt om sletting';
/** The outbox takes no address with a quote in it, as a real mail service refuses a bad mailbox. */
const REFUSED = (label: string) => `"${uniqueEmail(label)}`;

describe.skipIf(!hasDeno)('lead erasure notices on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const marketplaceId = randomUUID();
  const calendarId = randomUUID();
  const person = uniqueEmail('person');
  let seller: TestOrganization;
  /** Its owner and an admin get the notice; a member does not. */
  let beta: TestOrganization & { owner: string; admin: string; member: string };
  /** Its owner's mailbox works, its admin's is refused. */
  let gamma: TestOrganization & { owner: string };
  /** Its only owner's mailbox is refused, until it is fixed. */
  let delta: TestOrganization;

  async function job(name = 'lead-erasure-notices') {
    const response = await runCampaignJob(platform, { job: name });
    expect(response.status, stack.logs.join('\n')).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  async function buyer(label: string) {
    const org = await marketplaceOrganization(platform, marketplaceId, label);
    const [owner] = await sql<{ email: string }>(platform, `select email from auth.users where id = $1`, [
      org.userId,
    ]);
    return { ...org, owner: owner!.email };
  }

  async function member(organizationId: string, role: 'admin' | 'member', email?: string) {
    const user = await signedInUser(platform, role);
    await sql(
      platform,
      `insert into public.organizations_members (organization_id, member_id, role) values ($1, $2, $3)`,
      [organizationId, user.user.id, role],
    );
    if (email) await sql(platform, `update auth.users set email = $2 where id = $1`, [user.user.id, email]);
    return email ?? user.email;
  }

  const mailsTo = (address: string) => stack.mailsTo(address);

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;
    await createMarketplace(platform, marketplaceId);
    seller = await marketplaceOrganization(platform, marketplaceId, 'Selger');
    const betaOrg = await buyer('Beta');
    beta = {
      ...betaOrg,
      admin: await member(betaOrg.id, 'admin'),
      member: await member(betaOrg.id, 'member'),
    };
    gamma = await buyer('Gamma');
    await member(gamma.id, 'admin', REFUSED('gamma-admin'));
    delta = await buyer('Delta');
    await sql(platform, `update auth.users set email = $2 where id = $1`, [
      delta.userId,
      REFUSED('delta-eier'),
    ]);

    await sql(
      platform,
      `insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text)
       values ($1, $2, 'calendar', 'Vinterkalender', now(), 'Jeg godtar reglene.')`,
      [calendarId, seller.id],
    );
    await sql(
      platform,
      `insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time)
       select $1, $2, 'daily', today - 1, today + 1, '00:00'
       from (select (now() at time zone 'Europe/Oslo')::date as today) as t`,
      [calendarId, seller.id],
    );
    const registered = await anonClient(platform).rpc('register_calendar_participant', {
      input_calendar_id: calendarId,
      input_email: person,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
      input_name: 'Kari Nordmann',
    });
    expect(registered.error).toBeNull();
    // The seller lists the person's lead; all three buy it.
    const advertisedLeadId = randomUUID();
    await sql(
      platform,
      `insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, max_buyers, status)
       select $1, l.id, $2, $3, 'Nytt bad i Bergen', 3, 'sold_out' from public.leads as l
       where l.organization_id = $3 and l.email = $4`,
      [advertisedLeadId, marketplaceId, seller.id, person],
    );
    await sql(
      platform,
      `insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
       select a.lead_id, a.id, o, 'tickets' from public.advertised_leads as a, unnest($2::uuid[]) as o
       where a.id = $1`,
      [advertisedLeadId, [beta.id, gamma.id, delta.id]],
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('nothing to send before the person asks', async () => {
    expect(await job()).toEqual({ job: 'lead-erasure-notices', sent: 0, failed: 0, released: 0 });
  });

  it("the person deletes their data; each buyer's owner and admins are told once", async () => {
    expect(await job('calendar-confirmations')).toMatchObject({ sent: 1, failed: 0 });
    const [confirmation] = await mailsTo(person);
    const token = /token=([0-9a-f]{64})/.exec(confirmation!.Text)?.[1];
    expect(token, confirmation!.Text).toBeDefined();
    const deleted = await anonClient(platform).rpc('delete_participant', { input_token: token! });
    expect(deleted.error).toBeNull();

    // Beta: owner + admin; Gamma: owner (its admin refused); Delta: its only owner refused → released.
    expect(await job()).toEqual({ job: 'lead-erasure-notices', sent: 3, failed: 2, released: 1 });
    for (const address of [beta.owner, beta.admin, gamma.owner]) {
      const mails = await mailsTo(address);
      expect(mails.map((mail) => mail.Subject)).toEqual([SUBJECT]);
      expect(mails[0]!.Text).toContain('selgeren om å slette opplysningene sine');
      expect(mails[0]!.Text).toContain('Dere må slette kopien deres av opplysningene');
      expect(mails[0]!.Text).toContain('Håndverkertorget');
    }
    expect(await mailsTo(beta.member)).toEqual([]);
    const given = await sql<{ organization_id: string; sent: boolean }>(
      platform,
      `select organization_id, sent_at is not null as sent from private.lead_erasure_notices
       where organization_id = any ($1::uuid[])`,
      [[beta.id, gamma.id, delta.id]],
    );
    expect(Object.fromEntries(given.map((row) => [row.organization_id, row.sent]))).toEqual({
      [beta.id]: true,
      [gamma.id]: true,
      [delta.id]: false,
    });
    const betaMail = (await mailsTo(beta.owner))[0]!;
    expect(betaMail.Text).toContain('Beta AS kjøpte leadet');
    const leadId = (
      await sql<{ lead_id: string }>(
        platform,
        `select lead_id from public.leads_purchases where organization_id = $1`,
        [beta.id],
      )
    )[0]!.lead_id;
    expect(betaMail.Text).toContain(`/leads/lead/${leadId}`);
    // A legal notice: no unsubscribe headers.
    const headers = await stack.mailHeaders(betaMail.ID);
    expect(headers['List-Unsubscribe']).toBeUndefined();

    // The buyers told are not told again; Delta's notice comes back, and fails again.
    expect(await job()).toEqual({ job: 'lead-erasure-notices', sent: 0, failed: 1, released: 1 });
    expect(await mailsTo(beta.owner)).toHaveLength(1);
    expect(await mailsTo(gamma.owner)).toHaveLength(1);

    // Once Delta's owner has a working address, the next run tells Delta, and only once.
    const fixed = uniqueEmail('delta-eier');
    await sql(platform, `update auth.users set email = $2 where id = $1`, [delta.userId, fixed]);
    expect(await job()).toEqual({ job: 'lead-erasure-notices', sent: 1, failed: 0, released: 0 });
    expect((await mailsTo(fixed)).map((mail) => mail.Subject)).toEqual([SUBJECT]);
    expect(await job()).toEqual({ job: 'lead-erasure-notices', sent: 0, failed: 0, released: 0 });

    const marked = await sql<{ n: number }>(
      platform,
      `select count(*)::int as n from public.leads_purchases
       where erasure_requested_at is not null and organization_id = any ($1::uuid[])`,
      [[beta.id, gamma.id, delta.id]],
    );
    expect(marked[0]!.n).toBe(3);
  });
});

/**
 * The real notify-listing function (supabase/functions/notify-listing) through the real platform:
 * gateway (verify_jwt) → Deno worker → auth.getUser → the listing read with the caller's JWT (RLS) →
 * is_organization_member → claim_listing_notification with the service role → e-mails through
 * Mailpit's send API on the outbox. A seller advertises over REST as the app does, calls the function,
 * and the deep link reaches the members that want new leads, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../../supabase/local/testing/auth-helpers.ts';
import {
  hasDeno,
  startFunctionsTestPlatform,
  type FunctionsTestPlatform,
} from '../../../supabase/local/testing/functions-platform.ts';
import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import {
  createMarketplace,
  marketplaceOrganization,
  sql as runSql,
  type TestOrganization,
} from '../support/marketplace.ts';

type Org = Pick<TestOrganization, 'id' | 'jwt'>;

describe.skipIf(!hasDeno)('notify-listing on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const marketplaceId = randomUUID();
  let seller: Org;
  let wants: Org;
  let stranger: Org;
  const sellerInbox = uniqueEmail('selger');
  const wantsInbox = uniqueEmail('nye');
  const quietInbox = uniqueEmail('stille');

  const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) =>
    runSql<T>(platform, query, params);

  async function organization(label: string, inbox: string, events: string[]): Promise<Org> {
    const org = await marketplaceOrganization(platform, marketplaceId, label);
    const id = org.id;
    await sql(
      `insert into public.organizations_leads_config (id, send_to_email, recipients, events)
       values ($1, true, array[$2], $3::text[])`,
      [id, inbox, events],
    );
    return org;
  }

  function rest(org: Org, table: string, body: unknown) {
    return fetch(`${platform.url}/rest/v1/${table}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${org.jwt}`,
        Prefer: 'return=representation',
        Accept: 'application/vnd.pgrst.object+json',
      },
      body: JSON.stringify(body),
    });
  }

  /** The seller advertises a lead as the app does (REST with the seller's JWT). */
  async function advertise(extra: Record<string, unknown> = {}) {
    const leadId = randomUUID();
    await sql(
      `insert into public.leads (id, organization_id, source, name, email, phone, consent)
       values ($1, $2, 'manual', 'Ola Nordmann', 'ola@example.com', '+4791234567', true)`,
      [leadId, seller.id],
    );
    const response = await rest(seller, 'advertised_leads', {
      lead_id: leadId,
      organization_id: seller.id,
      marketplace_id: marketplaceId,
      title: 'Nytt bad i Bergen',
      category: 'Rørlegger',
      area: 'Vestland',
      price_tickets: 2,
      price_credits: 0,
      price_ore: 0,
      max_buyers: 3,
      status: 'active',
      ...extra,
    });
    return { response, leadId };
  }

  async function notify(org: Org | null, advertisedLeadId: string) {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      apikey: platform.config.anonKey,
    };
    if (org) headers.Authorization = `Bearer ${org.jwt}`;
    const response = await fetch(`${platform.url}/functions/v1/notify-listing`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ advertisedLeadId }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const mailsTo = (to: string) => stack.mailsTo(to);

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;

    await createMarketplace(platform, marketplaceId);
    seller = await organization('Selger', sellerInbox, ['new_lead', 'listing_sold']);
    wants = await organization('Nyhetsglad', wantsInbox, ['new_lead']);
    await organization('Stille', quietInbox, ['lead_bought', 'listing_sold']);
    const user = await signedInUser(platform, 'fremmed');
    stranger = { id: randomUUID(), jwt: user.session.access_token };
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a client cannot set notified_at when advertising', async () => {
    const { response } = await advertise({ notified_at: new Date().toISOString() });
    // permission denied for the column (42501): PostgREST's 403.
    expect(response.status).toBe(403);
    await response.body?.cancel();
  });

  it('e-mails the deep link to members with new_lead on, not the seller or those with it off; once', async () => {
    const { response, leadId } = await advertise();
    expect(response.status).toBe(201);
    const { id: advertisedLeadId } = (await response.json()) as { id: string };

    // Another member sees the listing but may not announce it; a stranger does not see it; no JWT: 401.
    expect(await notify(wants, advertisedLeadId)).toEqual({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
    expect(await notify(stranger, advertisedLeadId)).toEqual({
      status: 404,
      body: { error: { code: 'not-found' } },
    });
    expect((await notify(null, advertisedLeadId)).status).toBe(401);

    const first = await notify(seller, advertisedLeadId);
    expect(first, JSON.stringify(stack.logs)).toEqual({ status: 200, body: { sent: 1 } });

    const link = `/leads/marketplace/${marketplaceId}?lead=${leadId}&ad=${advertisedLeadId}`;
    const mails = await mailsTo(wantsInbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.Subject).toBe('Nytt lead på Håndverkertorget: «Nytt bad i Bergen»');
    expect(mails[0]!.Text).toContain(link);
    expect(mails[0]!.Text).toContain('Pris: 2 klipp');
    expect(mails[0]!.Text).not.toContain('ola@example.com');
    expect(mails[0]!.Text).not.toContain('+4791234567');
    expect(await mailsTo(quietInbox)).toHaveLength(0);
    expect(await mailsTo(sellerInbox)).toHaveLength(0);

    const [row] = await sql<{ notified_at: Date | null }>(
      `select notified_at from public.advertised_leads where id = $1`,
      [advertisedLeadId],
    );
    expect(row!.notified_at).not.toBeNull();

    // A second call sends nothing.
    expect(await notify(seller, advertisedLeadId)).toEqual({ status: 200, body: { sent: 0 } });
    expect(await mailsTo(wantsInbox)).toHaveLength(1);
  });
});

/**
 * The real buy-lead function (supabase/functions/buy-lead) through the real platform: gateway
 * (verify_jwt) → Deno worker → auth.getUser → buy_lead with the caller's JWT over REST → the local
 * payment provider (Stripe's test cards) → confirm/release with the service role → notification
 * e-mails through Mailpit's send API on the outbox. Every error code, the card outcomes, the 401s,
 * and that a failure leaves balances, ledger and listings unchanged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../supabase/local/jwt.ts';
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

type Org = TestOrganization;

interface Listing {
  leadId: string;
  advertisedLeadId: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
}

describe.skipIf(!hasDeno)('buy-lead on the platform', () => {
  let platform: TestPlatform;
  let stack: FunctionsTestPlatform;
  const marketplaceId = randomUUID();
  let seller: Org;
  let buyer: Org;
  let poor: Org;
  let outsider: Org;
  let cardVisa: Org;
  let cardDeclined: Org;
  let cardAuth: Org;
  const buyerInbox = uniqueEmail('innkjop');
  const sellerInbox = uniqueEmail('salg');

  const sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) =>
    runSql<T>(platform, query, params);

  async function organization(label: string, options: { tickets?: number; card?: string } = {}) {
    const org = await marketplaceOrganization(platform, marketplaceId, label);
    const id = org.id;
    if (options.tickets) {
      await sql(`select private.change_balance($1, $2, 0, 'tickets_purchase', 0, 'test')`, [
        id,
        options.tickets,
      ]);
    }
    if (options.card) {
      await sql(
        `insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan)
         values ($1, $2, 'on_demand')`,
        [id, marketplaceId],
      );
      await sql(
        `update public.organizations_payments_config
         set payment_method_id = $2, card_brand = 'visa', card_last4 = '4242', card_exp_month = 12, card_exp_year = 2030
         where id = $1`,
        [id, options.card],
      );
    }
    return org;
  }

  async function listing(
    options: { tickets?: number; ore?: number; maxBuyers?: number; status?: string } = {},
  ): Promise<Listing> {
    const leadId = randomUUID();
    const advertisedLeadId = randomUUID();
    await sql(
      `insert into public.leads (id, organization_id, source, name, email, phone, postal_code, city, consent)
       values ($1, $2, 'manual', 'Ola Nordmann', 'ola@example.com', '+4791234567', '5003', 'Bergen', true)`,
      [leadId, seller.id],
    );
    await sql(
      `insert into public.advertised_leads
         (id, lead_id, marketplace_id, organization_id, title, area, price_tickets, price_ore, max_buyers, status)
       values ($1, $2, $3, $4, 'Nytt bad i Bergen', 'Vestland', $5, $6, $7, $8)`,
      [
        advertisedLeadId,
        leadId,
        marketplaceId,
        seller.id,
        options.tickets ?? 1,
        options.ore ?? 0,
        options.maxBuyers ?? 3,
        options.status ?? 'active',
      ],
    );
    return { leadId, advertisedLeadId };
  }

  async function buy(org: Org, target: Listing, organizationId = org.id): Promise<Answer> {
    const response = await fetch(`${platform.url}/functions/v1/buy-lead`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: platform.config.anonKey,
        Authorization: `Bearer ${org.jwt}`,
      },
      body: JSON.stringify({ ...target, organizationId }),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** Balances, ledger rows, purchases and the listing's count: what a failed purchase must not change. */
  async function state(org: Org, target: Listing) {
    const [balance] = await sql<{ tickets: number; credits: number }>(
      `select tickets, credits from public.organizations_payments where id = $1`,
      [org.id],
    );
    const [ledger] = await sql<{ n: number }>(
      `select count(*)::int as n from public.organizations_payments_ledger where organization_id = $1`,
      [org.id],
    );
    const [purchases] = await sql<{ n: number }>(
      `select count(*)::int as n from public.leads_purchases where organization_id = $1 and state <> 'released'`,
      [org.id],
    );
    const [ad] = await sql<{ buyers_count: number; status: string }>(
      `select buyers_count, status from public.advertised_leads where id = $1`,
      [target.advertisedLeadId],
    );
    return { balance, ledger: ledger!.n, purchases: purchases!.n, ad };
  }

  const mailsTo = (to: string) => stack.mailsTo(to);

  beforeAll(async () => {
    stack = await startFunctionsTestPlatform();
    platform = stack.platform;

    await createMarketplace(platform, marketplaceId);
    seller = await organization('Selger');
    buyer = await organization('Kjoper', { tickets: 5 });
    poor = await organization('Blakk');
    cardVisa = await organization('Kortvisa', { card: 'pm_card_visa' });
    cardDeclined = await organization('Kortavvist', { card: 'pm_card_chargeDeclined' });
    cardAuth = await organization('Kort3ds', { card: 'pm_card_authenticationRequired' });
    const stranger = await signedInUser(platform, 'fremmed');
    outsider = { id: buyer.id, jwt: stranger.session.access_token, userId: stranger.user.id };
    await sql(
      `insert into public.organizations_leads_config (id, send_to_email, recipients, events) values
         ($1, true, array[$3], array['lead_bought']),
         ($2, true, array[$4], array['listing_sold'])`,
      [buyer.id, seller.id, buyerInbox, sellerInbox],
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('buys with a ticket: contact details at once, balance and ledger, e-mails to both sides', async () => {
    const target = await listing({ tickets: 2, maxBuyers: 3 });
    const answer = await buy(buyer, target);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.purchase).toMatchObject({
      status: 'completed',
      payment: 'tickets',
      priceTickets: 2,
      balance: { tickets: 3, credits: 0 },
      leadId: target.leadId,
      advertisedLeadId: target.advertisedLeadId,
      organizationId: buyer.id,
      sellerOrganizationId: seller.id,
      marketplaceId,
      buyersCount: 1,
      maxBuyers: 3,
      soldOut: false,
    });
    expect(answer.body.lead).toMatchObject({
      id: target.leadId,
      name: 'Ola Nordmann',
      email: 'ola@example.com',
      phone: '+4791234567',
      postalCode: '5003',
    });
    const after = await state(buyer, target);
    expect(after.balance!.tickets).toBe(3);
    expect(after.ad).toEqual({ buyers_count: 1, status: 'active' });

    const bought = await mailsTo(buyerInbox);
    expect(bought).toHaveLength(1);
    expect(bought[0]!.Subject).toBe('Dere har kjøpt leadet «Nytt bad i Bergen»');
    expect(bought[0]!.Text).toContain(`/leads/lead/${target.leadId}`);
    const sold = await mailsTo(sellerInbox);
    expect(sold).toHaveLength(1);
    expect(sold[0]!.Subject).toBe('Leadet «Nytt bad i Bergen» er solgt');
    expect(sold[0]!.Text).toContain('1 av 3 er solgt.');

    // Twice: lead-already-bought, and nothing changes.
    const again = await buy(buyer, target);
    expect(again).toEqual({ status: 409, body: { error: { code: 'lead-already-bought' } } });
    expect(await state(buyer, target)).toEqual(after);
  });

  it('every buy_lead code with its status, leaving balances, ledger and listings unchanged', async () => {
    const open = await listing();
    const paused = await listing({ status: 'paused' });
    const cases: [string, Org, Listing, string, number, string?][] = [
      ['unknown listing', buyer, { ...open, advertisedLeadId: randomUUID() }, 'lead-not-found', 404],
      ['listing of another lead', buyer, { ...open, leadId: randomUUID() }, 'lead-not-found', 404],
      ['not a member of the organization', outsider, open, 'organization-not-found', 404],
      ['no such organization', buyer, open, 'organization-not-found', 404, randomUUID()],
      ['paused listing', buyer, paused, 'lead-not-for-sale', 409],
      ['own lead', seller, open, 'lead-not-available', 409],
      ['no tickets', poor, open, 'insufficient-tickets', 402],
    ];
    for (const [label, org, target, code, status, organizationId] of cases) {
      const before = await state(org, open);
      const answer = await buy(org, target, organizationId);
      expect(answer, label).toEqual({ status, body: { error: { code } } });
      expect(await state(org, open), label).toEqual(before);
    }

    const soldOut = await listing({ maxBuyers: 1 });
    expect((await buy(buyer, soldOut)).status).toBe(200);
    const before = await state(poor, soldOut);
    expect(await buy(poor, soldOut)).toEqual({
      status: 409,
      body: { error: { code: 'lead-not-available' } },
    });
    expect(await state(poor, soldOut)).toEqual(before);
  });

  it('on demand: the saved card is charged and the purchase confirmed; a decline releases the slot', async () => {
    const target = await listing({ ore: 49900, maxBuyers: 1 });
    const declinedBefore = await state(cardDeclined, target);
    const declined = await buy(cardDeclined, target);
    // A decline is an answer, not an HTTP error (the browser would log a 402 as a failed request).
    expect(declined).toEqual({ status: 200, body: { status: 'failed', error: { code: 'card_declined' } } });
    expect(await state(cardDeclined, target)).toEqual(declinedBefore);
    const [released] = await sql<{ state: string }>(
      `select state from public.leads_purchases where organization_id = $1`,
      [cardDeclined.id],
    );
    expect(released?.state).toBe('released');

    const paid = await buy(cardVisa, target);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.purchase).toMatchObject({ payment: 'card', amountOre: 49900, soldOut: true });
    expect(paid.body.lead).toMatchObject({ phone: '+4791234567' });
    const [purchase] = await sql<{ state: string; payment_reference: string }>(
      `select state, payment_reference from public.leads_purchases where organization_id = $1`,
      [cardVisa.id],
    );
    expect(purchase?.state).toBe('completed');
    expect(purchase?.payment_reference).toMatch(/^pi_local_/);
    const [ledger] = await sql<{ amount_ore: number }>(
      `select amount_ore from public.organizations_payments_ledger where organization_id = $1`,
      [cardVisa.id],
    );
    // The purchase keeps the price eks. mva; the ledger holds what the card paid, incl. 25 % MVA.
    expect(ledger?.amount_ore).toBe(62375);

    // Both attempts are card_payments rows (purpose 'lead'): the paid one settled, the declined one failed.
    const rows = await sql<{
      organization_id: string;
      status: string;
      failure_code: string | null;
      settled: boolean;
    }>(
      `select organization_id, status, failure_code, settled_at is not null as settled from public.card_payments
       where purpose = 'lead' and organization_id in ($1, $2)`,
      [cardVisa.id, cardDeclined.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.organization_id === cardVisa.id)).toMatchObject({
      status: 'succeeded',
      failure_code: null,
      settled: true,
    });
    expect(rows.find((row) => row.organization_id === cardDeclined.id)).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      settled: false,
    });
  });

  it('on demand: a card that needs authentication keeps the reservation and answers with the client secret', async () => {
    const target = await listing({ ore: 29900 });
    const answer = await buy(cardAuth, target);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('requires_action');
    const error = answer.body.error as {
      code: string;
      clientSecret: string;
      purchaseId: string;
      reservedUntil: string;
    };
    expect(error.code).toBe('authentication_required');
    expect(answer.body.error).toMatchObject({ provider: 'local', publishableKey: null });
    expect(error.clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
    expect(error.purchaseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(error.reservedUntil)).toBeGreaterThan(Date.now());
    const [purchase] = await sql<{ id: string; state: string }>(
      `select id, state from public.leads_purchases where organization_id = $1`,
      [cardAuth.id],
    );
    expect(purchase).toEqual({ id: answer.body.error!.purchaseId, state: 'reserved' });
    const [ad] = await sql<{ buyers_count: number }>(
      `select buyers_count from public.advertised_leads where id = $1`,
      [target.advertisedLeadId],
    );
    expect(ad?.buyers_count).toBe(1);
    // The contact details stay hidden until the purchase completes (RLS).
    const read = await fetch(`${platform.url}/rest/v1/leads?id=eq.${target.leadId}&select=phone`, {
      headers: { apikey: platform.config.anonKey, Authorization: `Bearer ${cardAuth.jwt}` },
    });
    expect(await read.json()).toEqual([]);

    // Resuming asks the provider again with the same key: still waiting for the cardholder, no second
    // reservation; another organization cannot resume it.
    const resumed = await fetch(`${platform.url}/functions/v1/buy-lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cardAuth.jwt}` },
      body: JSON.stringify({ ...target, organizationId: cardAuth.id, purchaseId: purchase!.id }),
    });
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as Answer['body']).error).toMatchObject({
      code: 'authentication_required',
      purchaseId: purchase!.id,
      clientSecret: answer.body.error!.clientSecret,
    });
    const foreign = await fetch(`${platform.url}/functions/v1/buy-lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyer.jwt}` },
      body: JSON.stringify({ ...target, organizationId: cardAuth.id, purchaseId: purchase!.id }),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: 'organization-not-found' } });
    expect(
      await sql(`select 1 from public.leads_purchases where organization_id = $1`, [cardAuth.id]),
    ).toHaveLength(1);
    const [pending] = await sql<{ status: string }>(
      `select status from public.card_payments where organization_id = $1`,
      [cardAuth.id],
    );
    expect(pending?.status).toBe('requires_action');

    // The buyer approves on the test 3-D Secure page (payments-local); the resume reads the intent's
    // current state with the same key: succeeded, confirmed, one payment.
    const approved = await fetch(`${platform.url}/functions/v1/payments-local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cardAuth.jwt}` },
      body: JSON.stringify({ action: 'authenticate', clientSecret: error.clientSecret, approve: true }),
    });
    expect(await approved.json()).toEqual({ status: 'succeeded', clientSecret: error.clientSecret });
    const completed = await fetch(`${platform.url}/functions/v1/buy-lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${cardAuth.jwt}` },
      body: JSON.stringify({ ...target, organizationId: cardAuth.id, purchaseId: purchase!.id }),
    });
    expect(completed.status).toBe(200);
    const done = (await completed.json()) as Answer['body'];
    expect(done.purchase).toMatchObject({ id: purchase!.id, status: 'completed', payment: 'card' });
    expect(done.lead).toMatchObject({ phone: '+4791234567' });
    const [paid] = await sql<{ status: string; n: number }>(
      `select min(status) as status, count(*)::int as n from public.card_payments where organization_id = $1`,
      [cardAuth.id],
    );
    expect(paid).toEqual({ status: 'succeeded', n: 1 });
  });

  it('401: missing, forged and expired tokens at the gateway; a valid token of no user in the function', async () => {
    const target = await listing();
    const call = (authorization?: string) =>
      fetch(`${platform.url}/functions/v1/buy-lead`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          apikey: platform.config.anonKey,
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ ...target, organizationId: buyer.id }),
      });
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: buyer.userId,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + 3600,
    };
    const forged = signJwt(claims, 'not-the-project-secret-but-just-as-long!!');
    const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, platform.config.jwtSecret);
    const ghost = signJwt({ ...claims, sub: randomUUID() }, platform.config.jwtSecret);
    const before = await state(buyer, target);
    for (const authorization of [undefined, `Bearer ${forged}`, `Bearer ${expired}`, `Bearer ${ghost}`]) {
      const response = await call(authorization);
      expect(response.status, authorization ?? 'missing').toBe(401);
      await response.body?.cancel();
    }
    const inFunction = await call(`Bearer ${ghost}`);
    expect(await inFunction.json()).toEqual({ error: { code: 'not-signed-in' } });
    expect(await state(buyer, target)).toEqual(before);
  });

  it('400 invalid-input and the CORS preflight', async () => {
    const response = await fetch(`${platform.url}/functions/v1/buy-lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyer.jwt}` },
      body: JSON.stringify({ leadId: 'x', advertisedLeadId: randomUUID(), organizationId: buyer.id }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid-input' } });
    const preflight = await fetch(`${platform.url}/functions/v1/buy-lead`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    await preflight.body?.cancel();
  });
});

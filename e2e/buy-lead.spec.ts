import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { ANON_KEY } from './support/admin';
import {
  accessToken,
  admin,
  buyLead,
  check,
  createListing,
  createMember,
  signJwt,
  snapshot,
  type Listing,
  type Member,
  write,
} from './support/marketplace-data';
import { waitForMessage } from './support/outbox';

/*
 * POST /functions/v1/buy-lead against `npm start`'s platform with real sessions: every error code is
 * reached and leaves balances unchanged; forged, expired and missing tokens get 401. Every test makes its own users, organizations and listings through the
 * service role (e2e/support/marketplace-data.ts), so none depends on another or on the demo data.
 * The codes and statuses are the function's (supabase/functions/buy-lead/handler.ts BUY_LEAD_ERRORS).
 */

/** Partnerportalen (supabase/seed.sql): a marketplace the buyers of these tests do not belong to. */
const PARTNERPORTALEN = 'c0000000-0000-4000-8000-000000000002';

function target(listing: Listing, buyer: Member) {
  return {
    leadId: listing.leadId,
    advertisedLeadId: listing.listingId,
    organizationId: buyer.organizationId,
  };
}

/**
 * Calls buy-lead and expects it to refuse with `status` and `code`, leaving the balances and ledgers
 * of `organizations`, the listing's buyers_count and its purchases exactly as they were.
 */
async function expectRefused(
  token: string | null,
  body: Parameters<typeof buyLead>[1],
  expected: { status: number; code: string },
  organizations: Member[],
  listingId: string,
) {
  const ids = organizations.map((member) => member.organizationId);
  const before = await snapshot(ids, listingId);
  const answer = await buyLead(token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
  expect(answer.body).toEqual({ error: { code: expected.code } });
  expect(await snapshot(ids, listingId)).toEqual(before);
}

async function ticketBuyer(label: string, tickets = 5) {
  const member = await createMember({ label, plan: 'tickets', tickets });
  return { member, token: await accessToken(member.email) };
}

test('a ticket purchase: balance − price, one ledger row, contact details and the e-mails', async () => {
  const seller = await createMember({ label: 'selger', notifyEvents: ['listing_sold'] });
  const buyer = await createMember({
    label: 'kjoper',
    plan: 'tickets',
    tickets: 5,
    notifyEvents: ['lead_bought'],
  });
  const listing = await createListing(seller, { priceTickets: 2, maxBuyers: 2 });
  const ids = [buyer.organizationId, seller.organizationId];
  const before = await snapshot(ids, listing.listingId);
  expect(before.balances[buyer.organizationId]).toEqual({ tickets: 5, credits: 0 });
  const since = Date.now();

  const answer = await buyLead(await accessToken(buyer.email), target(listing, buyer));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const stored = await check(
    admin.from('leads').select('name, email, phone').eq('id', listing.leadId).single(),
  );
  expect(answer.body).toMatchObject({
    purchase: {
      status: 'completed',
      payment: 'tickets',
      priceTickets: 2,
      priceCredits: 0,
      amountOre: 0,
      balance: { tickets: 3, credits: 0 },
      leadId: listing.leadId,
      advertisedLeadId: listing.listingId,
      organizationId: buyer.organizationId,
      sellerOrganizationId: seller.organizationId,
      buyersCount: 1,
      maxBuyers: 2,
      soldOut: false,
    },
    lead: { id: listing.leadId, name: stored.name, email: stored.email, phone: stored.phone },
  });
  expect(stored.email).toBe(listing.lead.email);

  // The database agrees: −2 tickets with one ledger row, the seller's balance untouched, one slot taken.
  const after = await snapshot(ids, listing.listingId);
  expect(after.balances[buyer.organizationId]).toEqual({ tickets: 3, credits: 0 });
  expect(after.balances[seller.organizationId]).toEqual(before.balances[seller.organizationId]);
  expect(after.ledgerRows[buyer.organizationId]).toBe((before.ledgerRows[buyer.organizationId] ?? 0) + 1);
  expect(after.ledgerRows[seller.organizationId]).toBe(before.ledgerRows[seller.organizationId]);
  expect(after).toMatchObject({ buyersCount: 1, listingStatus: 'active', purchases: 1 });
  const ledger = await check(
    admin
      .from('organizations_payments_ledger')
      .select('kind, tickets_delta, credits_delta, amount_ore')
      .eq('organization_id', buyer.organizationId)
      .order('id', { ascending: false })
      .limit(1)
      .single(),
  );
  expect(ledger).toEqual({ kind: 'lead_purchase', tickets_delta: -2, credits_delta: 0, amount_ore: 0 });

  // The buyer's send-to-email (lead_bought) and the seller's (listing_sold); no contact details in them.
  const bought = await waitForMessage(buyer.email, {
    since,
    subject: `Dere har kjøpt leadet «${listing.title}»`,
  });
  expect(bought.Text).toContain(`/leads/lead/${listing.leadId}`);
  expect(bought.Text).toContain('2 klipp');
  expect(bought.Text).not.toContain(listing.lead.email ?? '@');
  const sold = await waitForMessage(seller.email, { since, subject: `Leadet «${listing.title}» er solgt` });
  expect(sold.Text).toContain('1 av 2 er solgt.');
});

test('lead-not-found: an unknown listing, another lead’s listing, a marketplace the buyer is not on', async () => {
  // The seller is on Leadtorget and Partnerportalen; the buyer only on Leadtorget.
  const seller = await createMember({ label: 'selger' });
  await write(
    admin
      .from('marketplaces_organizations')
      .insert({ marketplace_id: PARTNERPORTALEN, organization_id: seller.organizationId }),
  );
  const { member: buyer, token } = await ticketBuyer('kjoper');
  const listing = await createListing(seller);
  const other = await createListing(seller);
  const elsewhere = await createListing(seller, { marketplaceId: PARTNERPORTALEN });
  const refused = { status: 404, code: 'lead-not-found' };

  await expectRefused(
    token,
    { ...target(listing, buyer), advertisedLeadId: randomUUID() },
    refused,
    [buyer, seller],
    listing.listingId,
  );
  await expectRefused(
    token,
    { ...target(listing, buyer), advertisedLeadId: other.listingId },
    refused,
    [buyer, seller],
    other.listingId,
  );
  await expectRefused(token, target(elsewhere, buyer), refused, [buyer, seller], elsewhere.listingId);
});

test('lead-already-bought: the second purchase of the same lead', async () => {
  const seller = await createMember({ label: 'selger' });
  const { member: buyer, token } = await ticketBuyer('kjoper');
  const listing = await createListing(seller, { maxBuyers: 3 });
  const first = await buyLead(token, target(listing, buyer));
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  await expectRefused(
    token,
    target(listing, buyer),
    { status: 409, code: 'lead-already-bought' },
    [buyer, seller],
    listing.listingId,
  );
});

test('organization-not-found: another organization, or one that does not exist', async () => {
  const seller = await createMember({ label: 'selger' });
  const { member: buyer, token } = await ticketBuyer('kjoper');
  const stranger = await createMember({ label: 'fremmed', plan: 'tickets', tickets: 5 });
  const listing = await createListing(seller);
  const refused = { status: 404, code: 'organization-not-found' };
  // The caller is not a member of the organization it claims to buy for.
  await expectRefused(
    token,
    target(listing, stranger),
    refused,
    [buyer, seller, stranger],
    listing.listingId,
  );
  await expectRefused(
    token,
    { ...target(listing, buyer), organizationId: randomUUID() },
    refused,
    [buyer, seller],
    listing.listingId,
  );
});

test('lead-not-for-sale: a paused or withdrawn listing', async () => {
  const seller = await createMember({ label: 'selger' });
  const { member: buyer, token } = await ticketBuyer('kjoper');
  for (const status of ['paused', 'withdrawn'] as const) {
    const listing = await createListing(seller, { status });
    await expectRefused(
      token,
      target(listing, buyer),
      { status: 409, code: 'lead-not-for-sale' },
      [buyer, seller],
      listing.listingId,
    );
  }
});

test('lead-not-available: sold out, expired, and the organization’s own lead', async () => {
  const seller = await createMember({ label: 'selger', plan: 'tickets', tickets: 5 });
  const { member: buyer, token } = await ticketBuyer('kjoper');
  const { member: first, token: firstToken } = await ticketBuyer('forst');
  const refused = { status: 409, code: 'lead-not-available' };

  const exclusive = await createListing(seller, { maxBuyers: 1 });
  const bought = await buyLead(firstToken, target(exclusive, first));
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  expect(bought.body).toMatchObject({ purchase: { soldOut: true, buyersCount: 1 } });
  await expectRefused(token, target(exclusive, buyer), refused, [buyer, seller, first], exclusive.listingId);
  expect(await snapshot([], exclusive.listingId)).toMatchObject({
    buyersCount: 1,
    listingStatus: 'sold_out',
  });

  const expired = await createListing(seller, {
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
  await expectRefused(token, target(expired, buyer), refused, [buyer, seller], expired.listingId);

  const own = await createListing(seller);
  await expectRefused(await accessToken(seller.email), target(own, seller), refused, [seller], own.listingId);
});

test('insufficient-tickets and insufficient-credits: a balance below the price', async () => {
  const seller = await createMember({ label: 'selger' });
  const { member: broke, token: brokeToken } = await ticketBuyer('blakk', 0);
  const listing = await createListing(seller, { priceTickets: 1, priceCredits: 50 });
  expect((await snapshot([broke.organizationId], listing.listingId)).balances).toEqual({
    [broke.organizationId]: { tickets: 0, credits: 0 },
  });
  await expectRefused(
    brokeToken,
    target(listing, broke),
    { status: 402, code: 'insufficient-tickets' },
    [broke, seller],
    listing.listingId,
  );

  // Tickets to spare but too few credits: paying with credits is refused as such.
  const { member: buyer, token } = await ticketBuyer('kreditt', 5);
  await expectRefused(
    token,
    { ...target(listing, buyer), payment: 'credits' },
    { status: 402, code: 'insufficient-credits' },
    [buyer, seller],
    listing.listingId,
  );
  // A payment the plan does not give.
  await expectRefused(
    token,
    { ...target(listing, buyer), payment: 'card' },
    { status: 400, code: 'invalid-payment' },
    [buyer, seller],
    listing.listingId,
  );
});

test('401: missing, forged, expired and unsigned tokens, and the anon key, change nothing', async () => {
  const seller = await createMember({ label: 'selger' });
  const { member: buyer } = await ticketBuyer('kjoper');
  const listing = await createListing(seller);
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: buyer.userId,
    email: buyer.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + 3600,
  };
  const forged = signJwt(claims, 'not-the-project-secret-but-just-as-long!!');
  const expired = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 });
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}.`;
  const anon = ANON_KEY;
  const ids = [buyer.organizationId, seller.organizationId];
  const before = await snapshot(ids, listing.listingId);
  for (const [what, token] of [
    ['missing', null],
    ['forged', forged],
    ['expired', expired],
    ['unsigned', unsigned],
    ['anon key', anon],
  ] as const) {
    const answer = await buyLead(token, target(listing, buyer));
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(401);
  }
  // The anon key passes the gateway's signature check; the function itself finds no user.
  expect((await buyLead(anon, target(listing, buyer))).body).toEqual({ error: { code: 'not-signed-in' } });
  expect(await snapshot(ids, listing.listingId)).toEqual(before);
  // The same request with the buyer's real session goes through.
  expect((await buyLead(await accessToken(buyer.email), target(listing, buyer))).status).toBe(200);
});

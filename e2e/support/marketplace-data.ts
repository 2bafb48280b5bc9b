import pg from 'pg';
import { signJwt as signHs256 } from '../../supabase/local/jwt.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { demoSession } from '../fixtures';
import {
  admin,
  ANON_KEY,
  API_URL,
  check,
  createOrganization,
  createUser,
  LEADTORGET,
  localClient,
  uniqueSuffix,
  write,
} from './admin';

// The specs that buy and sell leads import the admin helpers from here, beside the marketplace data.
export { admin, check, LEADTORGET, uniqueSuffix, write } from './admin';

/*
 * Fresh marketplace data for the buy-lead tests: users, organizations, plans, balances,
 * leads and listings made through the admin API with `supabase start`'s well-known service-role key,
 * so no test depends on another or changes the demo data other specs read. Balances change only
 * through private.change_balance (not exposed by the data API), so `grantBalance` calls it over the
 * database port as the platform's postgres user — local only, exactly as the seed does.
 */

/** `npm start`'s database (supabase/local/README.md). */
const DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';
export const BUY_LEAD_URL = `${API_URL}/functions/v1/buy-lead`;

export interface Member {
  email: string;
  userId: string;
  name: string;
  organizationId: string;
  organizationName: string;
}

export interface MemberOptions {
  /** Used in the e-mail address and the organization's name. */
  label: string;
  /** Joins Leadtorget (default) or this marketplace; null joins none. */
  marketplaceId?: string | null;
  /** The plan on that marketplace; undefined = no plan row (buy_lead then charges tickets). */
  plan?: 'tickets' | 'on_demand';
  tickets?: number;
  credits?: number;
  /** organizations_leads_config: send-to-email on, to the member's own address, for these events. */
  notifyEvents?: ('new_lead' | 'lead_bought' | 'listing_sold')[];
}

/** A confirmed user (password DEMO_PASSWORD) owning a new organization, set up per `options`. */
export async function createMember(options: MemberOptions): Promise<Member> {
  const { id: userId, email, name, suffix } = await createUser(options.label, `Test ${options.label}`);
  const organizationName = `${options.label[0]?.toUpperCase() ?? ''}${options.label.slice(1)} ${suffix} AS`;
  const organizationId = await createOrganization(userId, organizationName);
  const marketplaceId = options.marketplaceId === undefined ? LEADTORGET : options.marketplaceId;
  if (marketplaceId) {
    await write(
      admin
        .from('marketplaces_organizations')
        .insert({ marketplace_id: marketplaceId, organization_id: organizationId }),
    );
    if (options.plan) {
      await write(
        admin.from('organizations_marketplaces_configs').insert({
          organization_id: organizationId,
          marketplace_id: marketplaceId,
          plan: options.plan,
          tickets_per_month: options.plan === 'tickets' ? 10 : null,
        }),
      );
    }
  }
  if (options.notifyEvents) {
    await write(
      admin.from('organizations_leads_config').upsert({
        id: organizationId,
        send_to_email: true,
        recipients: [email],
        events: options.notifyEvents,
      }),
    );
  }
  if (options.tickets || options.credits)
    await grantBalance(organizationId, options.tickets ?? 0, options.credits ?? 0);
  return { email, userId, name, organizationId, organizationName };
}

/** Adds tickets and credits through private.change_balance (one ledger row), as the seed does. */
export async function grantBalance(organizationId: string, tickets: number, credits: number) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `select private.change_balance($1::uuid, $2::integer, $3::integer, 'adjustment', 0, 'e2e: startsaldo')`,
      [organizationId, tickets, credits],
    );
  } finally {
    await client.end();
  }
}

export interface LeadFields {
  name: string;
  email?: string;
  phone?: string;
  postal_code?: string;
  city?: string;
  category?: string;
  area?: string;
}

export interface ListingOptions {
  title?: string;
  marketplaceId?: string;
  priceTickets?: number;
  priceCredits?: number;
  priceOre?: number;
  maxBuyers?: number;
  status?: 'active' | 'paused' | 'withdrawn';
  /** ISO time; default 30 days ahead. */
  expiresAt?: string;
  lead?: Partial<LeadFields>;
  /** The lead's consent to be shared (default true: a lead without it needs a stored confirmation). */
  consent?: boolean;
  /** The lead's own notes and pipeline status (the seller's; a buyer must never see them). */
  notes?: string;
  leadStatus?: 'new' | 'contacted' | 'quoted' | 'won' | 'lost';
}

export interface Listing {
  leadId: string;
  listingId: string;
  title: string;
  lead: LeadFields;
}

/** A lead of `seller` and its listing (teaser without contact details) on a marketplace. */
export async function createListing(seller: Member, options: ListingOptions = {}): Promise<Listing> {
  const suffix = uniqueSuffix();
  const lead: LeadFields = {
    name: `Kunde ${suffix}`,
    email: `kunde.${suffix}@example.no`,
    phone: '+4740001234',
    postal_code: '5003',
    city: 'Bergen',
    category: 'Rørlegger',
    area: 'Vestland',
    ...options.lead,
  };
  const [row] = await check(
    admin
      .from('leads')
      .insert({
        organization_id: seller.organizationId,
        source: 'manual',
        consent: options.consent ?? true,
        notes: options.notes ?? null,
        status: options.leadStatus ?? 'new',
        ...lead,
      })
      .select('id'),
  );
  if (!row) throw new Error('no lead inserted');
  const title = options.title ?? `Nytt bad i Bergen ${suffix}`;
  const [listing] = await check(
    admin
      .from('advertised_leads')
      .insert({
        lead_id: row.id,
        organization_id: seller.organizationId,
        marketplace_id: options.marketplaceId ?? LEADTORGET,
        title,
        category: lead.category ?? null,
        area: lead.area ?? null,
        price_tickets: options.priceTickets ?? 1,
        price_credits: options.priceCredits ?? 0,
        price_ore: options.priceOre ?? 0,
        max_buyers: options.maxBuyers ?? 1,
        status: options.status ?? 'active',
        ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
      })
      .select('id'),
  );
  if (!listing) throw new Error('no listing inserted');
  return { leadId: row.id, listingId: listing.id, title, lead };
}

export interface Snapshot {
  balances: Record<string, { tickets: number; credits: number }>;
  ledgerRows: Record<string, number>;
  buyersCount: number;
  listingStatus: string;
  purchases: number;
}

/** Balances and ledger sizes of `organizationIds`, and the listing's slots and purchases (service role). */
export async function snapshot(organizationIds: string[], listingId: string): Promise<Snapshot> {
  const balances: Snapshot['balances'] = {};
  const ledgerRows: Snapshot['ledgerRows'] = {};
  for (const id of organizationIds) {
    const balance = await check(
      admin.from('organizations_payments').select('tickets, credits').eq('id', id).single(),
    );
    balances[id] = { tickets: balance.tickets, credits: balance.credits };
    const { count, error } = await admin
      .from('organizations_payments_ledger')
      .select('id', { count: 'exact', head: true })
      .eq('organization_id', id);
    if (error) throw new Error(error.message);
    ledgerRows[id] = count ?? -1;
  }
  const listing = await check(
    admin.from('advertised_leads').select('buyers_count, status').eq('id', listingId).single(),
  );
  const { count, error } = await admin
    .from('leads_purchases')
    .select('id', { count: 'exact', head: true })
    .eq('advertised_lead_id', listingId);
  if (error) throw new Error(error.message);
  return {
    balances,
    ledgerRows,
    buyersCount: listing.buyers_count,
    listingStatus: listing.status,
    purchases: count ?? -1,
  };
}

/** A supabase-js client acting as the user of `token` (RLS applies, as in the browser). */
export function clientAs(token: string) {
  return localClient(ANON_KEY, token);
}

/** A signed-in session's access token for `email` (password DEMO_PASSWORD). */
export async function accessToken(email: string): Promise<string> {
  return (await demoSession(email)).access_token;
}

/** An HS256 JWT over `claims`, signed with `secret` (the local secret unless told otherwise). */
export function signJwt(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): string {
  return signHs256(claims, secret);
}

export interface BuyLeadAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code?: string } };
}

/** POST /functions/v1/buy-lead with `token` as the bearer (none when null). */
export async function buyLead(
  token: string | null,
  body: { leadId: string; advertisedLeadId: string; organizationId: string; payment?: string },
): Promise<BuyLeadAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', apikey: ANON_KEY };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const response = await fetch(BUY_LEAD_URL, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let parsed: BuyLeadAnswer['body'] = {};
  try {
    parsed = JSON.parse(text) as BuyLeadAnswer['body'];
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed };
}

import { FunctionsHttpError } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import type { Balance } from '@/lib/account/balance';
import { confirmCardStep, type CardConfirmationRequest } from '@/lib/card-confirmation';
import type { MarketplacePlan } from '@/lib/database.types';
import { AppError, isAppErrorCode, toAppError, unwrap, type AppErrorCode } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { leadKeys } from '../api';
import { soldOfListing } from '../supply';

/**
 * The marketplace screens (leads-marketplace, leads-marketplace-other, leads-marketplace-admin).
 * Every key starts with C's `leadKeys.all` (['leads']), so invalidating the leads prefix refreshes
 * these too.
 */
export const marketplaceKeys = {
  all: [...leadKeys.all, 'marketplace'] as const,
  marketplace: (marketplaceId: string) => [...marketplaceKeys.all, marketplaceId] as const,
  listings: (marketplaceId: string, filters: ListingFilters) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'listings', filters] as const,
  listing: (marketplaceId: string, listingId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'listing', listingId] as const,
  plan: (organizationId: string, marketplaceId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'plan', organizationId] as const,
  purchases: (organizationId: string, marketplaceId: string) =>
    [...marketplaceKeys.marketplace(marketplaceId), 'purchases', organizationId] as const,
  owner: (marketplaceId: string) => [...marketplaceKeys.marketplace(marketplaceId), 'owner'] as const,
  /** organizations_payments of the organization (tickets, credits). */
};

export const PAGE_SIZE = 20;

export type ListingFilters = { category: string; area: string; page: number };

export type MarketplaceListing = {
  id: string;
  lead_id: string;
  organization_id: string;
  marketplace_id: string;
  title: string;
  description: string | null;
  category: string | null;
  area: string | null;
  price_tickets: number;
  price_credits: number;
  price_ore: number;
  max_buyers: number;
  buyers_count: number;
  /** The lead's buyers through its earlier listings: «X av N solgt» counts them (../supply.ts). */
  earlier_buyers: number;
  status: string;
  expires_at: string;
  created_at: string;
};

/** «X av N solgt» of a listing, counting the lead's earlier buyers (a re-listing is never shown as exclusive). */
export const listingSold = (listing: MarketplaceListing, buyersCount = listing.buyers_count) =>
  soldOfListing({ earlierBuyers: listing.earlier_buyers, buyersCount, maxBuyers: listing.max_buyers });

const LISTING_COLUMNS =
  'id, lead_id, organization_id, marketplace_id, title, description, category, area, price_tickets, price_credits, price_ore, max_buyers, buyers_count, earlier_buyers, status, expires_at, created_at';

export type Marketplace = { id: string; name: string; owner_id: string };

export const marketplaceQuery = (marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.marketplace(marketplaceId),
    queryFn: async (): Promise<Marketplace | null> =>
      unwrap(
        await supabase
          .from('marketplaces')
          .select('id, name, owner_id')
          .eq('id', marketplaceId)
          .maybeSingle(),
      ),
  });

/** Active, unexpired listings of the marketplace, newest first, one page. */
export const marketplaceListingsQuery = (marketplaceId: string, filters: ListingFilters) =>
  queryOptions({
    queryKey: marketplaceKeys.listings(marketplaceId, filters),
    queryFn: async (): Promise<{ listings: MarketplaceListing[]; count: number }> => {
      let query = supabase
        .from('advertised_leads')
        .select(LISTING_COLUMNS, { count: 'exact' })
        .eq('marketplace_id', marketplaceId)
        .eq('status', 'active')
        .gt('expires_at', new Date().toISOString());
      if (filters.category) query = query.eq('category', filters.category);
      if (filters.area) query = query.eq('area', filters.area);
      const from = (filters.page - 1) * PAGE_SIZE;
      const { data, error, count } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, from + PAGE_SIZE - 1);
      if (error) throw toAppError(error);
      return { listings: data ?? [], count: count ?? 0 };
    },
  });

/** One listing (a deep link); null when it is gone or no longer visible. */
export const marketplaceListingQuery = (marketplaceId: string, listingId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.listing(marketplaceId, listingId),
    queryFn: async (): Promise<MarketplaceListing | null> =>
      unwrap(
        await supabase
          .from('advertised_leads')
          .select(LISTING_COLUMNS)
          .eq('id', listingId)
          .eq('marketplace_id', marketplaceId)
          .maybeSingle(),
      ),
  });

/** The organization's plan on the marketplace (organizations_marketplaces_configs). */
export const planQuery = (organizationId: string, marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.plan(organizationId, marketplaceId),
    queryFn: async (): Promise<MarketplacePlan | null> => {
      const row = unwrap(
        await supabase
          .from('organizations_marketplaces_configs')
          .select('plan')
          .eq('organization_id', organizationId)
          .eq('marketplace_id', marketplaceId)
          .maybeSingle(),
      );
      return row?.plan ?? null;
    },
  });

export { balanceKey, balanceQuery, type Balance } from '@/lib/account/balance';

/** Lead ids the organization has bought (completed) on this marketplace's listings. */
export const boughtLeadsQuery = (organizationId: string, marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.purchases(organizationId, marketplaceId),
    queryFn: async (): Promise<Set<string>> => {
      const rows =
        unwrap(
          await supabase
            .from('leads_purchases')
            .select('lead_id')
            .eq('organization_id', organizationId)
            .eq('state', 'completed'),
        ) ?? [];
      return new Set(rows.map((row) => row.lead_id));
    },
  });

// -------------------------------------------------------------------------------------------------
// Buying (supabase/functions/buy-lead; docs/lead-marketplace.md)

export type BoughtContact = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
  city: string | null;
  company: string | null;
  category: string | null;
  area: string | null;
};

export type BuyResult = {
  purchase: {
    id: string;
    payment: 'tickets' | 'credits' | 'card';
    priceTickets: number;
    priceCredits: number;
    amountOre: number;
    balance: Balance;
    leadId: string;
    buyersCount: number;
    maxBuyers: number;
  };
  lead: BoughtContact;
};

/** What an `authentication_required` answer carries for the on-session confirmation (docs/payments.md). */
export type PendingAuthentication = CardConfirmationRequest & { purchaseId: string };

/** A buy-lead failure: the code of the answer (catalogue code, or authentication_required). */
export class BuyLeadError extends AppError {
  readonly reservedUntil: string | null;
  /** Set on authentication_required when the answer names the provider: the bank's step can run. */
  readonly authentication: PendingAuthentication | null;
  constructor(
    code: AppErrorCode,
    options: {
      cause?: unknown;
      reservedUntil?: string | null;
      authentication?: PendingAuthentication | null;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.reservedUntil = options.reservedUntil ?? null;
    this.authentication = options.authentication ?? null;
  }
}

type ErrorBody = {
  error?: {
    code?: unknown;
    reservedUntil?: unknown;
    clientSecret?: unknown;
    purchaseId?: unknown;
    provider?: unknown;
    publishableKey?: unknown;
  };
};

function authenticationOf(body: ErrorBody | null): PendingAuthentication | null {
  const error = body?.error;
  if (error?.code !== 'authentication_required') return null;
  const { clientSecret, purchaseId, provider, publishableKey } = error;
  if (typeof clientSecret !== 'string' || typeof purchaseId !== 'string') return null;
  if (provider !== 'stripe' && provider !== 'local') return null;
  return {
    clientSecret,
    purchaseId,
    provider,
    publishableKey: typeof publishableKey === 'string' ? publishableKey : null,
  };
}

/** The BuyLeadError of an answer's body (`error.code`; unknown codes → unknown). */
function buyLeadErrorOfBody(body: ErrorBody | null, cause?: unknown): BuyLeadError {
  const code = body?.error?.code;
  const reservedUntil = typeof body?.error?.reservedUntil === 'string' ? body.error.reservedUntil : null;
  if (isAppErrorCode(code) && code !== 'unknown')
    return new BuyLeadError(code, { cause, reservedUntil, authentication: authenticationOf(body) });
  return new BuyLeadError('unknown', { cause });
}

/** The AppError of a failed `functions.invoke` (the body's `error.code`; unknown codes → unknown). */
export async function buyLeadErrorOf(error: unknown): Promise<AppError> {
  if (error instanceof FunctionsHttpError) {
    let body: ErrorBody | null = null;
    try {
      body = (await (error.context as Response).json()) as ErrorBody;
    } catch {
      body = null;
    }
    return buyLeadErrorOfBody(body, error);
  }
  const appError = toAppError(error);
  return appError.code === 'network' ? appError : new BuyLeadError('unknown', { cause: error });
}

export async function buyLead(input: {
  leadId: string;
  advertisedLeadId: string;
  organizationId: string;
  payment?: 'credits';
  /** Resumes a card reservation after the bank's confirmation step. */
  purchaseId?: string;
}): Promise<BuyResult> {
  const result = await supabase.functions.invoke<BuyResult | ErrorBody>('buy-lead', { body: input });
  const error: unknown = result.error;
  const data: BuyResult | ErrorBody | null = result.data;
  if (error) throw await buyLeadErrorOf(error);
  // A declined card and the bank's 3-D Secure step are answers (200 with `error`), not error statuses.
  if (data && 'error' in data && data.error) throw buyLeadErrorOfBody(data);
  if (!data || !('lead' in data) || !data.lead) throw new BuyLeadError('unknown');
  return data;
}

/**
 * buy-lead, and when the bank wants the cardholder (`authentication_required` with a client
 * secret and the provider): the confirmation step (Stripe.js handleNextAction / the local test
 * 3-D Secure dialog), then buy-lead again with `purchaseId` (docs/payments.md «buy-lead»).
 */
export async function buyLeadConfirmed(input: Parameters<typeof buyLead>[0]): Promise<BuyResult> {
  try {
    return await buyLead(input);
  } catch (error) {
    if (!(error instanceof BuyLeadError) || !error.authentication) throw error;
    const { purchaseId, ...request } = error.authentication;
    const outcome = await confirmCardStep(request);
    if ('error' in outcome) {
      throw new BuyLeadError(outcome.error, { cause: error, reservedUntil: error.reservedUntil });
    }
    try {
      return await buyLead({ ...input, purchaseId });
    } catch (resumed) {
      // Asked again after the step: show the message, never a second confirmation loop.
      if (resumed instanceof BuyLeadError && resumed.authentication) {
        throw new BuyLeadError(resumed.code, { cause: resumed, reservedUntil: resumed.reservedUntil });
      }
      throw resumed;
    }
  }
}

// -------------------------------------------------------------------------------------------------
// The owner's view

export type OwnerMember = {
  organizationId: string;
  /** null when RLS hides the organization from the marketplace owner (organizations policy). */
  name: string | null;
  joinedAt: string;
  plan: MarketplacePlan | null;
  /** Listings of the member among the loaded ones, and their sold slots. */
  listings: number;
  sold: number;
};
export type OwnerListing = MarketplaceListing;
export type SalesMonth = {
  month: string;
  purchases: number;
  tickets: number;
  credits: number;
  amount_ore: number;
};
export type OwnerOverview = {
  members: OwnerMember[];
  listings: OwnerListing[];
  sales: SalesMonth[];
  hosts: string[];
};

export const OWNER_LISTINGS_LIMIT = 200;

export const ownerOverviewQuery = (marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.owner(marketplaceId),
    queryFn: async (): Promise<OwnerOverview> => {
      const [members, listings, sales, hosts, plans] = await Promise.all([
        supabase
          .from('marketplaces_organizations')
          .select('organization_id, created_at, organization:organizations(name)')
          .eq('marketplace_id', marketplaceId)
          .order('created_at', { ascending: false }),
        supabase
          .from('advertised_leads')
          .select(LISTING_COLUMNS)
          .eq('marketplace_id', marketplaceId)
          .order('created_at', { ascending: false })
          .limit(OWNER_LISTINGS_LIMIT),
        supabase.rpc('marketplace_sales', { input_marketplace_id: marketplaceId }),
        supabase.from('marketplaces_urls').select('url').eq('marketplace_id', marketplaceId).order('url'),
        supabase
          .from('organizations_marketplaces_configs')
          .select('organization_id, plan')
          .eq('marketplace_id', marketplaceId),
      ]);
      const listingRows: OwnerListing[] = unwrap(listings) ?? [];
      const planOf = new Map((unwrap(plans) ?? []).map((row) => [row.organization_id, row.plan]));
      const ofMember = (organizationId: string) =>
        listingRows.filter((listing) => listing.organization_id === organizationId);
      return {
        members: (unwrap(members) ?? []).map((row) => ({
          organizationId: row.organization_id,
          name: (row.organization as { name: string } | null)?.name ?? null,
          joinedAt: row.created_at,
          plan: planOf.get(row.organization_id) ?? null,
          listings: ofMember(row.organization_id).length,
          sold: ofMember(row.organization_id).reduce((sum, listing) => sum + listing.buyers_count, 0),
        })),
        listings: listingRows,
        sales: unwrap(sales) ?? [],
        hosts: (unwrap(hosts) ?? []).map((row) => row.url),
      };
    },
  });

export async function addHost(input: { marketplaceId: string; url: string }) {
  unwrap(
    await supabase.from('marketplaces_urls').insert({ marketplace_id: input.marketplaceId, url: input.url }),
  );
}

export async function removeHost(input: { marketplaceId: string; url: string }) {
  unwrap(
    await supabase
      .from('marketplaces_urls')
      .delete()
      .eq('marketplace_id', input.marketplaceId)
      .eq('url', input.url),
  );
}

/** A host name as marketplaces_urls stores it: lower-case, no scheme, path or port. */
export function normalizeHost(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z]+:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

export const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$/;

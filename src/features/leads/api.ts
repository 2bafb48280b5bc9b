import { queryOptions } from '@tanstack/react-query';
import { AppError, toAppError, unwrap } from '@/lib/errors';
import { nextDateKey, osloDayStart } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import {
  cursorOf,
  decodeCursor,
  encodeCursor,
  fetchLeadCount,
  fetchLeadPage,
  LIST_SORT_KEYS,
  type PageWanted,
} from './list-query';
import { fetchPurchasedLead, type PurchasedLead } from './purchased';

/** The lead screens (/leads, /leads/lead/{id}, /leads/settings): reads keyed by organization. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: (organizationId: string) => [...leadKeys.all, organizationId, 'list'] as const,
  list: (organizationId: string, filters: LeadFilters) =>
    [...leadKeys.lists(organizationId), filters] as const,
  lead: (leadId: string) => [...leadKeys.all, 'lead', leadId] as const,
  listings: (leadId: string) => [...leadKeys.all, 'lead', leadId, 'listings'] as const,
  purchases: (leadId: string) => [...leadKeys.all, 'lead', leadId, 'purchases'] as const,
  events: (leadId: string) => [...leadKeys.all, 'lead', leadId, 'events'] as const,
  supply: (leadId: string) => [...leadKeys.all, 'lead', leadId, 'supply'] as const,
  marketplaces: (organizationId: string) => [...leadKeys.all, organizationId, 'marketplaces'] as const,
  config: (organizationId: string) => [...leadKeys.all, organizationId, 'config'] as const,
};

// The values are text in the database (migration 100900 turned the enums into text + check); the
// lists here are the checks' lists.
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = [
  'import',
  'form',
  'popup',
  'calendar',
  'competition',
  'checkout',
  'booking',
  'manual',
  'marketplace',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const SORT_KEYS = LIST_SORT_KEYS;
export type SortKey = (typeof SORT_KEYS)[number];

export const PAGE_SIZE = 50;
/** Above this the count is the planner's estimate and is shown as «ca.». */
export const EXACT_COUNT_LIMIT = 1000;
const EXPORT_PAGE_SIZE = 1000;
export const EXPORT_MAX_ROWS = 100_000;

export type Lead = {
  id: string;
  organizationId: string;
  source: LeadSource;
  status: LeadStatus;
  name: string | null;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
  city: string | null;
  company: string | null;
  category: string | null;
  area: string | null;
  notes: string | null;
  consent: boolean;
  createdAt: string;
  updatedAt: string;
};

const LEAD_COLUMNS =
  'id, organization_id, source, status, name, email, phone, postal_code, city, company, category, area, notes, consent, created_at, updated_at';

type LeadRow = {
  id: string;
  organization_id: string;
  source: string;
  status: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postal_code: string | null;
  city: string | null;
  company: string | null;
  category: string | null;
  area: string | null;
  notes: string | null;
  consent: boolean;
  created_at: string;
  updated_at: string;
};

const toLead = (row: LeadRow): Lead => ({
  ...listedFields(row),
  consent: row.consent,
  updatedAt: row.updated_at,
});

/**
 * A row of the /leads list: an own lead, or in «Kjøpte leads» a purchase (purchased.ts), whose status
 * and notes are the buyer's own and whose createdAt is when it was bought.
 */
export type LeadListItem = Pick<
  Lead,
  | 'id'
  | 'organizationId'
  | 'source'
  | 'status'
  | 'name'
  | 'email'
  | 'phone'
  | 'postalCode'
  | 'city'
  | 'company'
  | 'category'
  | 'area'
  | 'notes'
  | 'createdAt'
> & {
  /** Set on bought leads: the purchase the status and notes belong to. */
  purchaseId: string | null;
};

type ListRow = Omit<LeadRow, 'consent' | 'updated_at'> & { purchase_id?: string | null };

/** The fields a lead and a row of the list share. */
function listedFields(row: ListRow): Omit<LeadListItem, 'purchaseId'> {
  return {
    id: row.id,
    organizationId: row.organization_id,
    source: row.source as LeadSource,
    status: row.status as LeadStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    postalCode: row.postal_code,
    city: row.city,
    company: row.company,
    category: row.category,
    area: row.area,
    notes: row.notes,
    createdAt: row.created_at,
  };
}

const toListItem = (row: ListRow): LeadListItem => ({
  ...listedFields(row),
  purchaseId: row.purchase_id ?? null,
});

// ---------------------------------------------------------------------------------------------------
// Filters ⇄ URL query string (the view is linkable)
// ---------------------------------------------------------------------------------------------------

export type LeadFilters = {
  scope: 'own' | 'bought';
  q: string;
  source: LeadSource | '';
  status: LeadStatus | '';
  category: string;
  area: string;
  /** Oslo calendar dates, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  sort: SortKey;
  dir: 'asc' | 'desc';
  /** The page number shown («Side N»); with a cursor only a label, without one an offset. */
  page: number;
  /** Keyset cursors (list-query.ts): the page after / before this row. Only with page > 1. */
  after: string;
  before: string;
};

export const DEFAULT_FILTERS: LeadFilters = {
  scope: 'own',
  q: '',
  source: '',
  status: '',
  category: '',
  area: '',
  from: '',
  to: '',
  sort: 'created_at',
  dir: 'desc',
  page: 1,
  after: '',
  before: '',
};

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.find((item) => item === value) ?? '';

export function parseFilters(params: URLSearchParams): LeadFilters {
  const text = (key: string) => (params.get(key) ?? '').slice(0, 200);
  const date = (key: string) => (DATE_KEY.test(text(key)) ? text(key) : '');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const filters: LeadFilters = {
    scope: params.get('scope') === 'bought' ? 'bought' : 'own',
    q: text('q'),
    source: oneOf(LEAD_SOURCES, params.get('source')),
    status: oneOf(LEAD_STATUSES, params.get('status')),
    category: text('category'),
    area: text('area'),
    from: date('from'),
    to: date('to'),
    sort: oneOf(SORT_KEYS, params.get('sort')) || 'created_at',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
    after: '',
    before: '',
  };
  // A cursor counts only on a later page and for the sort it was made for (else: offset paging).
  if (filters.page > 1) {
    const cursor = (key: 'after' | 'before') => {
      const value = params.get(key) ?? '';
      return decodeCursor(value, filters.sort, filters.dir) ? value : '';
    };
    filters.after = cursor('after');
    filters.before = filters.after ? '' : cursor('before');
  }
  return filters;
}

/** Only what differs from the defaults, so links stay short. */
export function filtersToParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof LeadFilters)[]) {
    const value = filters[key];
    // Page 1 has no cursor (a new filter, sort or tab starts there).
    if ((key === 'after' || key === 'before') && filters.page <= 1) continue;
    if (value !== DEFAULT_FILTERS[key] && value !== '') params.set(key, String(value));
  }
  return params;
}

// Oslo calendar days (moved to src/lib/format.ts; re-exported for the lead screens).
export { nextDateKey, osloDayStart };

export { searchTerm } from './list-query';

export type LeadPage = {
  leads: LeadListItem[];
  hasNext: boolean;
  /** Cursors for «Neste» / «Forrige» (null: no such page). */
  next: string | null;
  previous: string | null;
};

function pageWanted(filters: LeadFilters): PageWanted {
  if (filters.page <= 1) return { kind: 'first' };
  const after = decodeCursor(filters.after, filters.sort, filters.dir);
  if (after) return { kind: 'after', cursor: after };
  const before = decodeCursor(filters.before, filters.sort, filters.dir);
  if (before) return { kind: 'before', cursor: before };
  return { kind: 'offset', offset: (filters.page - 1) * PAGE_SIZE };
}

const isRangeError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'PGRST103';

/** One page of the list: keyset pages after/before a cursor, offset only for links without one. */
export const leadsQuery = (organizationId: string, filters: LeadFilters) =>
  queryOptions({
    queryKey: leadKeys.list(organizationId, filters),
    queryFn: async (): Promise<LeadPage> => {
      try {
        const page = await fetchLeadPage<ListRow & Record<string, unknown>>(
          supabase,
          organizationId,
          filters,
          pageWanted(filters),
          PAGE_SIZE,
        );
        const first = page.rows[0];
        const last = page.rows.at(-1);
        return {
          leads: page.rows.map(toListItem),
          hasNext: page.hasNext,
          next:
            page.hasNext && last
              ? encodeCursor(cursorOf(last, filters.sort), filters.sort, filters.dir)
              : null,
          previous:
            filters.page > 1 && first
              ? encodeCursor(cursorOf(first, filters.sort), filters.sort, filters.dir)
              : null,
        };
      } catch (error) {
        // Past the last page PostgREST answers 416 (offset links only): an empty page, not an error.
        if (isRangeError(error)) return { leads: [], hasNext: false, next: null, previous: null };
        throw toAppError(error);
      }
    },
    placeholderData: (previous) => previous,
  });

/** The filter's estimated total, shared by all its pages (paging does not count again). */
export const leadsCountQuery = (organizationId: string, filters: LeadFilters) => {
  const { page: _page, after: _after, before: _before, ...view } = filters;
  return queryOptions({
    queryKey: [...leadKeys.lists(organizationId), 'count', view] as const,
    queryFn: async () => {
      try {
        return await fetchLeadCount(supabase, organizationId, view);
      } catch (error) {
        throw toAppError(error);
      }
    },
    staleTime: 30_000,
  });
};

/** Every lead of the filter, 1,000 at a time along the keyset (the export). */
export async function fetchAllLeads(
  organizationId: string,
  filters: LeadFilters,
  onProgress?: (count: number) => void,
): Promise<LeadListItem[]> {
  const all: LeadListItem[] = [];
  let wanted: PageWanted = { kind: 'first' };
  while (all.length < EXPORT_MAX_ROWS) {
    let page;
    try {
      page = await fetchLeadPage<ListRow & Record<string, unknown>>(
        supabase,
        organizationId,
        filters,
        wanted,
        EXPORT_PAGE_SIZE,
      );
    } catch (error) {
      throw toAppError(error);
    }
    all.push(...page.rows.map(toListItem));
    onProgress?.(all.length);
    const last = page.rows.at(-1);
    if (!page.hasNext || !last) break;
    wanted = { kind: 'after', cursor: cursorOf(last, filters.sort) };
  }
  return all;
}

// ---------------------------------------------------------------------------------------------------
// CSV (Excel in Norway reads «;»-separated UTF-8 with a byte-order mark)
// ---------------------------------------------------------------------------------------------------

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';

/** Quotes a field when it holds the separator, quotes, line breaks or edge spaces; defuses formulas. */
export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  // A cell starting with = or @ (or + / - before a letter) is a formula in Excel: keep it text.
  if (/^[=@]/.test(text) || /^[+-][^\d\s(]/.test(text)) text = `'${text}`;
  if (/[";\r\n,]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function downloadFile(name: string, content: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// ---------------------------------------------------------------------------------------------------
// Writes on a lead (the owner organization's members; the grants allow these columns)
// ---------------------------------------------------------------------------------------------------

export async function updateLeadStatus(input: { leadId: string; status: LeadStatus }) {
  unwrap(
    await supabase
      .from('leads')
      .update({ status: input.status })
      .eq('id', input.leadId)
      .select('id')
      .single(),
  );
}

export async function updateLeadNotes(input: { leadId: string; notes: string }) {
  unwrap(
    await supabase
      .from('leads')
      .update({ notes: input.notes.trim() === '' ? null : input.notes })
      .eq('id', input.leadId)
      .select('id')
      .single(),
  );
}

/**
 * What the lead page shows: the lead itself to its owner organization (and claims admins), or to a
 * buyer only what it bought (purchased.ts) — the seller's row is not the buyer's to read.
 */
export type LeadView = { kind: 'own'; lead: Lead } | { kind: 'bought'; purchase: PurchasedLead };

export const leadQuery = (leadId: string, organizationId: string) =>
  queryOptions({
    queryKey: [...leadKeys.lead(leadId), organizationId] as const,
    queryFn: async (): Promise<LeadView> => {
      const row = unwrap(await supabase.from('leads').select(LEAD_COLUMNS).eq('id', leadId).maybeSingle());
      if (row) return { kind: 'own', lead: toLead(row) };
      const purchase = organizationId ? await fetchPurchasedLead(leadId, organizationId) : null;
      if (purchase) return { kind: 'bought', purchase };
      throw new AppError('lead-not-found');
    },
  });

// ---------------------------------------------------------------------------------------------------
// Listings and purchases of a lead
// ---------------------------------------------------------------------------------------------------

export const LISTING_STATUSES = ['active', 'paused', 'withdrawn', 'sold_out'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export type Listing = {
  id: string;
  marketplaceId: string;
  marketplaceName: string;
  title: string;
  description: string | null;
  category: string | null;
  area: string | null;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  maxBuyers: number;
  buyersCount: number;
  /** Buyers of the lead through its other listings when this one opened (supply.ts). */
  earlierBuyers: number;
  status: ListingStatus;
  expiresAt: string;
  createdAt: string;
};

export const listingsQuery = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.listings(leadId),
    queryFn: async (): Promise<Listing[]> => {
      const rows = unwrap(
        await supabase
          .from('advertised_leads')
          .select(
            'id, marketplace_id, title, description, category, area, price_tickets, price_credits, price_ore, max_buyers, buyers_count, earlier_buyers, status, expires_at, created_at, marketplace:marketplaces(name)',
          )
          .eq('lead_id', leadId)
          .order('created_at', { ascending: false }),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        marketplaceId: row.marketplace_id,
        marketplaceName: (row.marketplace as { name?: string } | null)?.name ?? '',
        title: row.title,
        description: row.description,
        category: row.category,
        area: row.area,
        priceTickets: row.price_tickets,
        priceCredits: row.price_credits,
        priceOre: row.price_ore,
        maxBuyers: row.max_buyers,
        buyersCount: row.buyers_count,
        earlierBuyers: row.earlier_buyers,
        status: row.status as ListingStatus,
        expiresAt: row.expires_at,
        createdAt: row.created_at,
      }));
    },
  });

export type ShownListingStatus = ListingStatus | 'expired';

/** An open listing past its expiry shows as expired (the marketplace no longer lists it). */
export const shownListingStatus = (listing: Listing, now: number): ShownListingStatus =>
  (listing.status === 'active' || listing.status === 'paused') && new Date(listing.expiresAt).getTime() <= now
    ? 'expired'
    : listing.status;

export type Purchase = {
  id: string;
  organizationId: string;
  paidWith: 'tickets' | 'credits' | 'card';
  createdAt: string;
};

export const purchasesQuery = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.purchases(leadId),
    queryFn: async (): Promise<Purchase[]> => {
      const rows = unwrap(
        await supabase
          .from('leads_purchases')
          .select('id, organization_id, paid_with, created_at')
          .eq('lead_id', leadId)
          .eq('state', 'completed')
          .order('created_at', { ascending: true }),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        paidWith: row.paid_with as Purchase['paidWith'],
        createdAt: row.created_at,
      }));
    },
  });

export type HistoryEntry = {
  id: string;
  kind: 'status_changed' | 'note_changed';
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  createdAt: string;
};

/** Status and note changes (leads_events, migration 101100); the owner organization reads them. */
export const leadEventsQuery = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.events(leadId),
    queryFn: async (): Promise<HistoryEntry[]> => {
      const rows = unwrap(
        await supabase
          .from('leads_events')
          .select('id, kind, from_status, to_status, created_at')
          .eq('lead_id', leadId)
          .order('created_at', { ascending: false })
          .limit(200),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        kind: row.kind as HistoryEntry['kind'],
        fromStatus: row.from_status as LeadStatus | null,
        toStatus: row.to_status as LeadStatus | null,
        createdAt: row.created_at,
      }));
    },
  });

export type OrganizationMarketplace = {
  id: string;
  name: string;
  defaultPriceTickets: number;
  defaultPriceCredits: number;
  defaultPriceOre: number;
};

export const organizationMarketplacesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: leadKeys.marketplaces(organizationId),
    queryFn: async (): Promise<OrganizationMarketplace[]> => {
      const rows = unwrap(
        await supabase
          .from('marketplaces_organizations')
          .select(
            'marketplace:marketplaces(id, name, default_price_tickets, default_price_credits, default_price_ore)',
          )
          .eq('organization_id', organizationId),
      );
      type Row = {
        id: string;
        name: string;
        default_price_tickets: number;
        default_price_credits: number;
        default_price_ore: number;
      };
      return (rows ?? [])
        .map((row) => row.marketplace as Row | null)
        .filter((row): row is Row => row !== null)
        .map((row) => ({
          id: row.id,
          name: row.name,
          defaultPriceTickets: row.default_price_tickets,
          defaultPriceCredits: row.default_price_credits,
          defaultPriceOre: row.default_price_ore,
        }));
    },
  });

export type NewListing = {
  leadId: string;
  organizationId: string;
  marketplaceId: string;
  title: string;
  description: string;
  category: string;
  area: string;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  maxBuyers: number;
  expiresAt: string;
  /** Saved paused: not on the marketplace and not announced until it is resumed. */
  paused?: boolean;
  /**
   * The seller confirms that the person agreed to be shared (a lead without consent cannot be listed
   * otherwise; the database stores its own time and the caller: migration 20261124110200).
   */
  consentConfirmed?: boolean;
};

export class ListingExistsError extends Error {
  constructor() {
    super('listing-exists');
    this.name = 'ListingExistsError';
  }
}

/**
 * Asks `notify-listing` to e-mail the marketplace's other members about a new listing (their
 * send-to-email settings with new_lead decide; docs/lead-marketplace.md «New-listing notifications»).
 * Called whenever a listing becomes active (advertised active, or resumed): the server claims each
 * listing once (`claim_listing_notification`), so a listing announced before answers `{ sent: 0 }`.
 * Fire and forget: it never blocks or fails the advertise; failures show in the console in dev only.
 */
export function notifyNewListing(advertisedLeadId: string): void {
  const report = (error: unknown) => {
    if (import.meta.env.DEV) console.error('notify-listing failed', error);
  };
  supabase.functions
    .invoke<{ sent: number }>('notify-listing', { body: { advertisedLeadId } })
    .then(({ error }) => {
      if (error) report(error);
    })
    .catch(report);
}

export async function advertiseLead(input: NewListing) {
  const { data, error } = await supabase
    .from('advertised_leads')
    .insert({
      lead_id: input.leadId,
      organization_id: input.organizationId,
      marketplace_id: input.marketplaceId,
      title: input.title,
      description: input.description || null,
      category: input.category || null,
      area: input.area || null,
      price_tickets: input.priceTickets,
      price_credits: input.priceCredits,
      price_ore: input.priceOre,
      max_buyers: input.maxBuyers,
      expires_at: input.expiresAt,
      status: input.paused ? 'paused' : 'active',
      ...(input.consentConfirmed ? { consent_confirmed_at: new Date().toISOString() } : {}),
    })
    .select('id')
    .single();
  if (error) {
    // advertised_leads_open_listing_key: one open listing per lead and marketplace.
    if ((error as { code?: string }).code === '23505') throw new ListingExistsError();
    throw toAppError(error);
  }
  // A paused listing is announced when it is resumed (setListingStatus).
  if (!input.paused) notifyNewListing(data.id);
}

export async function setListingStatus(input: {
  listingId: string;
  status: 'active' | 'paused' | 'withdrawn';
}) {
  unwrap(
    await supabase
      .from('advertised_leads')
      .update({ status: input.status })
      .eq('id', input.listingId)
      .select('id')
      .single(),
  );
  // Active now: announce it unless it has been announced before (the server claims once per listing).
  if (input.status === 'active') notifyNewListing(input.listingId);
}

// ---------------------------------------------------------------------------------------------------
// Settings: organizations_leads_config (receipt e-mails: src/lib/account/receipt-emails.ts)
// ---------------------------------------------------------------------------------------------------

export const LEAD_EVENTS = ['new_lead', 'lead_bought', 'listing_sold'] as const;
export type LeadEvent = (typeof LEAD_EVENTS)[number];
export const MAX_RECIPIENTS = 20;

export type LeadsConfig = {
  sendToEmail: boolean;
  recipients: string[];
  events: LeadEvent[];
  defaultPriceTickets: number | null;
  defaultPriceCredits: number | null;
  defaultPriceOre: number | null;
};

export const EMPTY_CONFIG: LeadsConfig = {
  sendToEmail: false,
  recipients: [],
  events: [...LEAD_EVENTS],
  defaultPriceTickets: null,
  defaultPriceCredits: null,
  defaultPriceOre: null,
};

export const leadsConfigQuery = (organizationId: string) =>
  queryOptions({
    queryKey: leadKeys.config(organizationId),
    queryFn: async (): Promise<LeadsConfig> => {
      const row = unwrap(
        await supabase
          .from('organizations_leads_config')
          .select(
            'send_to_email, recipients, events, default_price_tickets, default_price_credits, default_price_ore',
          )
          .eq('id', organizationId)
          .maybeSingle(),
      );
      if (!row) return EMPTY_CONFIG;
      return {
        sendToEmail: row.send_to_email,
        recipients: row.recipients,
        events: row.events.filter((event): event is LeadEvent =>
          (LEAD_EVENTS as readonly string[]).includes(event),
        ),
        defaultPriceTickets: row.default_price_tickets,
        defaultPriceCredits: row.default_price_credits,
        defaultPriceOre: row.default_price_ore,
      };
    },
  });

export async function saveLeadsConfig(input: { organizationId: string; config: LeadsConfig }) {
  const { config } = input;
  unwrap(
    await supabase
      .from('organizations_leads_config')
      .upsert(
        {
          id: input.organizationId,
          send_to_email: config.sendToEmail,
          recipients: config.recipients,
          events: config.events,
          default_price_tickets: config.defaultPriceTickets,
          default_price_credits: config.defaultPriceCredits,
          default_price_ore: config.defaultPriceOre,
        },
        { onConflict: 'id' },
      )
      .select('id')
      .single(),
  );
}

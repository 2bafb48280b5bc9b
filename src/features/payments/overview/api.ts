import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Balance } from '@/lib/account/balance';
import { AppError, isAppErrorCode, unwrap, type AppErrorCode } from '@/lib/errors';
import { nextDateKey, osloDayStart } from '@/lib/format';
import { packValue, type PackValue } from '@/lib/pricing';
import { supabase } from '@/lib/supabase';
import { declineOf } from '../card/functions';

/**
 * The payment overview (/payments): balances, the saved card, plans, packs, the ledger with its
 * receipts (docs/payments.md «Screens»), and buying packs through the payments-pack function.
 */
export const overviewKeys = {
  all: ['payments'] as const,
  // Under ['payments', org] like the setup page's keys: saving a card or changing a plan there
  // refreshes the overview too.
  organization: (organizationId: string) => [...overviewKeys.all, organizationId, 'overview'] as const,
  details: (organizationId: string) => [...overviewKeys.organization(organizationId), 'details'] as const,
  plans: (organizationId: string) => [...overviewKeys.organization(organizationId), 'plans'] as const,
  packs: (organizationId: string) => [...overviewKeys.organization(organizationId), 'packs'] as const,
  ledgers: (organizationId: string) => [...overviewKeys.organization(organizationId), 'ledger'] as const,
  ledger: (organizationId: string, filters: LedgerFilters) =>
    [...overviewKeys.ledgers(organizationId), filters] as const,
  payment: (paymentId: string) => [...overviewKeys.all, 'card-payment', paymentId] as const,
};

// -------------------------------------------------------------------------------------------------
// Balances, the saved card, the organization (for receipts)

export { balanceKey, balanceQuery, type Balance } from '@/lib/account/balance';

export { savedCardQuery, type SavedCard } from '../setup/api';

export type OrganizationDetails = { name: string; organizationNumber: string | null };

export const organizationDetailsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: overviewKeys.details(organizationId),
    queryFn: async (): Promise<OrganizationDetails> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select('name, organization_number')
          .eq('id', organizationId)
          .single(),
      );
      if (!row) throw new AppError('not-found');
      return { name: row.name, organizationNumber: row.organization_number };
    },
    staleTime: 5 * 60_000,
  });

// -------------------------------------------------------------------------------------------------
// Plans per marketplace and the packs on sale

export type MarketplacePlan = {
  marketplaceId: string;
  name: string;
  plan: 'on_demand' | 'tickets' | null;
  ticketsPerMonth: number | null;
};

/** Every marketplace the organization is a member of, with its plan there (null = none chosen). */
export const plansQuery = (organizationId: string) =>
  queryOptions({
    queryKey: overviewKeys.plans(organizationId),
    queryFn: async (): Promise<MarketplacePlan[]> => {
      const [memberships, configs] = await Promise.all([
        supabase
          .from('marketplaces_organizations')
          .select('marketplace_id, marketplace:marketplaces(name)')
          .eq('organization_id', organizationId),
        supabase
          .from('organizations_marketplaces_configs')
          .select('marketplace_id, plan, tickets_per_month')
          .eq('organization_id', organizationId),
      ]);
      const plans = new Map((unwrap(configs) ?? []).map((row) => [row.marketplace_id, row]));
      return (unwrap(memberships) ?? [])
        .map((row) => {
          const config = plans.get(row.marketplace_id);
          return {
            marketplaceId: row.marketplace_id,
            name: row.marketplace?.name ?? '',
            plan: config?.plan ?? null,
            ticketsPerMonth: config?.tickets_per_month ?? null,
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
    },
  });

export type PackKind = 'tickets' | 'credits';

export type Pack = {
  id: string;
  kind: PackKind;
  marketplaceId: string;
  marketplaceName: string;
  /** Tickets or credits in the pack. */
  amount: number;
  /** Eks. mva; the card pays it plus 25 % MVA (src/lib/pricing.ts). */
  priceOre: number;
  /** What a lead costs from this pack and the saving on buying on demand. */
  value: PackValue | null;
};

type DefaultPrices = {
  default_price_ore: number;
  default_price_tickets: number;
  default_price_credits: number;
} | null;
const DEFAULT_PRICES =
  'marketplace:marketplaces(default_price_ore, default_price_tickets, default_price_credits)';

/** The active ticket and credit packs of the organization's marketplaces, in the marketplaces' order. */
export const packsQuery = (organizationId: string, marketplaces: readonly MarketplacePlan[]) =>
  queryOptions({
    queryKey: [...overviewKeys.packs(organizationId), marketplaces.map((item) => item.marketplaceId)],
    queryFn: async (): Promise<Pack[]> => {
      const ids = marketplaces.map((item) => item.marketplaceId);
      if (ids.length === 0) return [];
      const names = new Map(marketplaces.map((item) => [item.marketplaceId, item.name]));
      const [tickets, credits] = await Promise.all([
        supabase
          .from('marketplaces_ticket_packs')
          .select(`id, marketplace_id, tickets, price_ore, sort_order, ${DEFAULT_PRICES}`)
          .in('marketplace_id', ids)
          .eq('active', true)
          .order('sort_order')
          .order('tickets'),
        supabase
          .from('marketplaces_credit_packs')
          .select(`id, marketplace_id, credits, price_ore, sort_order, ${DEFAULT_PRICES}`)
          .in('marketplace_id', ids)
          .eq('active', true)
          .order('sort_order')
          .order('credits'),
      ]);
      const order = (id: string) => ids.indexOf(id);
      const packs: Pack[] = [
        ...(unwrap(tickets) ?? []).map((row) => ({
          id: row.id,
          kind: 'tickets' as const,
          marketplaceId: row.marketplace_id,
          marketplaceName: names.get(row.marketplace_id) ?? '',
          amount: row.tickets,
          priceOre: row.price_ore,
          value: packValue({
            priceOre: row.price_ore,
            units: row.tickets,
            unitsPerLead: (row.marketplace as DefaultPrices)?.default_price_tickets,
            onDemandOre: (row.marketplace as DefaultPrices)?.default_price_ore,
          }),
        })),
        ...(unwrap(credits) ?? []).map((row) => ({
          id: row.id,
          kind: 'credits' as const,
          marketplaceId: row.marketplace_id,
          marketplaceName: names.get(row.marketplace_id) ?? '',
          amount: row.credits,
          priceOre: row.price_ore,
          value: packValue({
            priceOre: row.price_ore,
            units: row.credits,
            unitsPerLead: (row.marketplace as DefaultPrices)?.default_price_credits,
            onDemandOre: (row.marketplace as DefaultPrices)?.default_price_ore,
          }),
        })),
      ];
      // Stable: within a marketplace and kind the database's order stays.
      return packs.sort((a, b) => order(a.marketplaceId) - order(b.marketplaceId));
    },
  });

// -------------------------------------------------------------------------------------------------
// The ledger (organizations_payments_ledger) and its receipts (card_payments)

export const LEDGER_KINDS = ['all', 'packs', 'leads', 'refunds'] as const;
export type LedgerKindFilter = (typeof LEDGER_KINDS)[number];
const KIND_VALUES: Record<Exclude<LedgerKindFilter, 'all'>, string[]> = {
  packs: ['tickets_purchase', 'credits_purchase'],
  leads: ['lead_purchase'],
  refunds: ['refund'],
};

export const LEDGER_PAGE_SIZE = 20;

export type LedgerFilters = { kind: LedgerKindFilter; from: string; to: string; page: number };
export const DEFAULT_LEDGER_FILTERS: LedgerFilters = { kind: 'all', from: '', to: '', page: 1 };

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The ledger's filters from the query string (bad values fall back to the defaults). */
export function parseLedgerFilters(params: URLSearchParams): LedgerFilters {
  const kind = params.get('kind');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE_KEY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    kind: LEDGER_KINDS.find((item) => item === kind) ?? 'all',
    from: date('from'),
    to: date('to'),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** Only what differs from the defaults, so links stay short. */
export function ledgerFiltersToParams(filters: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export type CardPayment = {
  id: string;
  /** 'tickets_pack' | 'credits_pack' | 'lead' */
  purpose: string;
  leadPurchaseId: string | null;
  tickets: number;
  credits: number;
  amountOre: number;
  refundedOre: number;
  currency: string;
  description: string;
  status: string;
  cardBrand: string | null;
  cardLast4: string | null;
  providerPaymentId: string | null;
  createdAt: string;
  settledAt: string | null;
};

export type LedgerEntry = {
  id: number;
  kind: string;
  ticketsDelta: number;
  creditsDelta: number;
  amountOre: number;
  reference: string | null;
  createdAt: string;
  /** The card payment behind the row (a pack bought or refunded, a lead paid by card). */
  payment: CardPayment | null;
};

export type LedgerPage = { entries: LedgerEntry[]; total: number };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CARD_PAYMENT_REFERENCE = new RegExp(`^card_payment (${UUID})`, 'i');
const LEAD_CARD_REFERENCE = new RegExp(`^lead_purchase (${UUID}) card`, 'i');

/** How a ledger row names its card payment: 'card_payment <id>' (packs, refunds) or a card-paid lead. */
export function referenceOf(
  reference: string | null,
): { paymentId: string } | { leadPurchaseId: string } | null {
  if (!reference) return null;
  const pack = CARD_PAYMENT_REFERENCE.exec(reference);
  if (pack?.[1]) return { paymentId: pack[1].toLowerCase() };
  const lead = LEAD_CARD_REFERENCE.exec(reference);
  if (lead?.[1]) return { leadPurchaseId: lead[1].toLowerCase() };
  return null;
}

const CARD_PAYMENT_COLUMNS =
  'id, purpose, lead_purchase_id, tickets, credits, amount_ore, refunded_ore, currency, description, status, card_brand, card_last4, provider_payment_id, created_at, settled_at';

type CardPaymentRow = {
  id: string;
  purpose: string;
  lead_purchase_id: string | null;
  tickets: number;
  credits: number;
  amount_ore: number;
  refunded_ore: number;
  currency: string;
  description: string;
  status: string;
  card_brand: string | null;
  card_last4: string | null;
  provider_payment_id: string | null;
  created_at: string;
  settled_at: string | null;
};

const toCardPayment = (row: CardPaymentRow): CardPayment => ({
  id: row.id,
  purpose: row.purpose,
  leadPurchaseId: row.lead_purchase_id,
  tickets: row.tickets,
  credits: row.credits,
  amountOre: row.amount_ore,
  refundedOre: row.refunded_ore,
  currency: row.currency,
  description: row.description,
  status: row.status,
  cardBrand: row.card_brand,
  cardLast4: row.card_last4,
  providerPaymentId: row.provider_payment_id,
  createdAt: row.created_at,
  settledAt: row.settled_at,
});

export const ledgerQuery = (organizationId: string, filters: LedgerFilters) =>
  queryOptions({
    queryKey: overviewKeys.ledger(organizationId, filters),
    queryFn: async (): Promise<LedgerPage> => {
      let query = supabase
        .from('organizations_payments_ledger')
        .select('id, kind, tickets_delta, credits_delta, amount_ore, reference, created_at', {
          count: 'exact',
        })
        .eq('organization_id', organizationId);
      if (filters.kind !== 'all') query = query.in('kind', KIND_VALUES[filters.kind]);
      if (filters.from) query = query.gte('created_at', osloDayStart(filters.from).toISOString());
      if (filters.to) query = query.lt('created_at', osloDayStart(nextDateKey(filters.to)).toISOString());
      const start = (filters.page - 1) * LEDGER_PAGE_SIZE;
      const result = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(start, start + LEDGER_PAGE_SIZE - 1);
      const rows = unwrap(result) ?? [];
      const references = rows.map((row) => referenceOf(row.reference));
      const paymentIds = [
        ...new Set(references.flatMap((ref) => (ref && 'paymentId' in ref ? [ref.paymentId] : []))),
      ];
      const purchaseIds = [
        ...new Set(references.flatMap((ref) => (ref && 'leadPurchaseId' in ref ? [ref.leadPurchaseId] : []))),
      ];
      const [byId, byPurchase] = await Promise.all([
        paymentIds.length > 0
          ? supabase.from('card_payments').select(CARD_PAYMENT_COLUMNS).in('id', paymentIds)
          : Promise.resolve({ data: [] as CardPaymentRow[], error: null }),
        purchaseIds.length > 0
          ? supabase
              .from('card_payments')
              .select(CARD_PAYMENT_COLUMNS)
              .eq('purpose', 'lead')
              .in('lead_purchase_id', purchaseIds)
          : Promise.resolve({ data: [] as CardPaymentRow[], error: null }),
      ]);
      const payments = new Map<string, CardPayment>();
      for (const row of unwrap(byId) ?? []) payments.set(row.id, toCardPayment(row));
      const leadPayments = new Map<string, CardPayment>();
      for (const row of unwrap(byPurchase) ?? []) {
        if (row.lead_purchase_id) leadPayments.set(row.lead_purchase_id, toCardPayment(row));
      }
      return {
        total: result.count ?? rows.length,
        entries: rows.map((row, index) => {
          const ref = references[index];
          const payment = !ref
            ? null
            : 'paymentId' in ref
              ? (payments.get(ref.paymentId) ?? null)
              : (leadPayments.get(ref.leadPurchaseId) ?? null);
          return {
            id: row.id,
            kind: row.kind,
            ticketsDelta: row.tickets_delta,
            creditsDelta: row.credits_delta,
            amountOre: row.amount_ore,
            reference: row.reference,
            createdAt: row.created_at,
            payment,
          };
        }),
      };
    },
    placeholderData: keepPreviousData,
  });

// -------------------------------------------------------------------------------------------------
// Buying a pack: supabase/functions/payments-pack (docs/payments.md «payments-pack»)

export type BuyAnswer =
  | { status: 'succeeded'; paymentId: string; balance?: Balance }
  | { status: 'processing'; paymentId: string }
  | {
      status: 'requires_action';
      paymentId: string;
      clientSecret: string;
      provider?: 'stripe' | 'local';
      publishableKey?: string | null;
    }
  | {
      status: 'requires_confirmation';
      paymentId: string;
      clientSecret: string;
      provider: 'stripe' | 'local';
      publishableKey: string | null;
    };

/** Codes payments-pack answers that are not in the app-wide catalogue; the overview words them. */
export const PACK_ERROR_CODES = ['no-saved-card', 'pack-not-found', 'card-payment-not-found'] as const;
export type PackErrorCode = (typeof PACK_ERROR_CODES)[number];

/**
 * A failed payments-pack call. `definitive`: the server answered with a refusal (a card code, 4xx),
 * so the next attempt is a new purchase (a new requestId); otherwise (network, 5xx) we cannot know
 * whether it went through, and a retry must reuse the same requestId.
 */
export class PackPurchaseError extends Error {
  constructor(
    readonly code: AppErrorCode | PackErrorCode,
    readonly definitive: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(code, options);
    this.name = 'PackPurchaseError';
  }
}

async function packErrorOf(error: unknown): Promise<PackPurchaseError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    let code: unknown = null;
    try {
      code = ((await response.json()) as { error?: { code?: unknown } } | null)?.error?.code;
    } catch {
      code = null;
    }
    const definitive = response.status >= 400 && response.status < 500;
    if (PACK_ERROR_CODES.some((item) => item === code))
      return new PackPurchaseError(code as PackErrorCode, definitive, { cause: error });
    if (response.status === 401) return new PackPurchaseError('not-signed-in', true, { cause: error });
    if (isAppErrorCode(code)) return new PackPurchaseError(code, definitive, { cause: error });
    return new PackPurchaseError('unknown', definitive, { cause: error });
  }
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError)
    return new PackPurchaseError('network', false, { cause: error });
  return new PackPurchaseError('unknown', false, { cause: error });
}

async function invokePack(body: Record<string, unknown>): Promise<BuyAnswer> {
  let result: { data: BuyAnswer | null; error: unknown };
  try {
    result = await supabase.functions.invoke<BuyAnswer>('payments-pack', { body });
  } catch (error) {
    throw new PackPurchaseError('network', false, { cause: error });
  }
  if (result.error) throw await packErrorOf(result.error);
  if (!result.data?.status) throw new PackPurchaseError('unknown', false);
  // A declined card is answered 200 { status: 'failed' }: a refusal, the next attempt is a new purchase.
  const declined = declineOf(result.data);
  if (declined) throw new PackPurchaseError(declined, true);
  return result.data;
}

export type BuyInput = {
  organizationId: string;
  kind: PackKind;
  packId: string;
  requestId: string;
  card: 'saved' | 'new';
  saveCard?: boolean;
};

export const buyPack = (input: BuyInput) => invokePack({ action: 'buy', ...input });

export const confirmPack = (input: { organizationId: string; paymentId: string }) =>
  invokePack({ action: 'confirm', ...input });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { nextDateKey, osloDayStart } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { LEDGER_PAGE_SIZE, type LedgerFilters, type LedgerKindFilter } from '../utils/ledger-filters';
import { referenceOf } from '../utils/ledger-reference';
import { paymentKeys } from './keys';

/** The ledger kinds (organizations_payments_ledger.kind) behind each filter. */
const KIND_VALUES: Record<Exclude<LedgerKindFilter, 'all'>, string[]> = {
  packs: ['tickets_purchase', 'credits_purchase'],
  leads: ['lead_purchase'],
  refunds: ['refund'],
};

const CARD_PAYMENT_COLUMNS =
  'id, purpose, lead_purchase_id, tickets, credits, amount_ore, refunded_ore, currency, description, status, card_brand, card_last4, provider_payment_id, created_at, settled_at' as const;

type CardPaymentRow = Pick<
  Tables<'card_payments'>,
  | 'id'
  | 'purpose'
  | 'lead_purchase_id'
  | 'tickets'
  | 'credits'
  | 'amount_ore'
  | 'refunded_ore'
  | 'currency'
  | 'description'
  | 'status'
  | 'card_brand'
  | 'card_last4'
  | 'provider_payment_id'
  | 'created_at'
  | 'settled_at'
>;

/** A card payment as a receipt shows it (card_payments). */
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

const NO_PAYMENTS: { data: CardPaymentRow[]; error: null } = { data: [], error: null };

/** The card payments the rows name, by their id and by the lead purchase they paid. */
async function paymentsOf(references: ReturnType<typeof referenceOf>[]) {
  const paymentIds = [
    ...new Set(references.flatMap((ref) => (ref && 'paymentId' in ref ? [ref.paymentId] : []))),
  ];
  const purchaseIds = [
    ...new Set(references.flatMap((ref) => (ref && 'leadPurchaseId' in ref ? [ref.leadPurchaseId] : []))),
  ];
  const [byId, byPurchase] = await Promise.all([
    paymentIds.length > 0
      ? supabase.from('card_payments').select(CARD_PAYMENT_COLUMNS).in('id', paymentIds)
      : NO_PAYMENTS,
    purchaseIds.length > 0
      ? supabase
          .from('card_payments')
          .select(CARD_PAYMENT_COLUMNS)
          .eq('purpose', 'lead')
          .in('lead_purchase_id', purchaseIds)
      : NO_PAYMENTS,
  ]);
  const payments = new Map((unwrap(byId) ?? []).map((row) => [row.id, toCardPayment(row)]));
  const leadPayments = new Map<string, CardPayment>();
  for (const row of unwrap(byPurchase) ?? []) {
    if (row.lead_purchase_id) leadPayments.set(row.lead_purchase_id, toCardPayment(row));
  }
  return (ref: ReturnType<typeof referenceOf>): CardPayment | null => {
    if (!ref) return null;
    if ('paymentId' in ref) return payments.get(ref.paymentId) ?? null;
    return leadPayments.get(ref.leadPurchaseId) ?? null;
  };
}

/** One page of the organization's ledger, newest first, with the card payment behind each row. */
export const ledgerQueryOptions = (organizationId: string, filters: LedgerFilters) =>
  queryOptions({
    queryKey: paymentKeys.ledger(organizationId, filters),
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
      const paymentOf = await paymentsOf(references);
      return {
        total: result.count ?? rows.length,
        entries: rows.map((row, index) => ({
          id: row.id,
          kind: row.kind,
          ticketsDelta: row.tickets_delta,
          creditsDelta: row.credits_delta,
          amountOre: row.amount_ore,
          reference: row.reference,
          createdAt: row.created_at,
          payment: paymentOf(references[index] ?? null),
        })),
      };
    },
    placeholderData: keepPreviousData,
  });

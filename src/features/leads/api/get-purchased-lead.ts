import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * What an organization bought (migration 20261124110100_purchased_leads.sql): the contact details and
 * the facts of the teaser it bought through, what it paid and when — never the seller's notes, status,
 * history or consent. Its own status and notes live in purchased_leads_notes, which only its members
 * read. `purchased_leads` is the database's buyer-facing view; the seller's `leads` row is not the
 * buyer's to read.
 */
export type PurchasedLead = {
  /** The lead's id (links, keys). */
  id: string;
  /** The buying organization. */
  organizationId: string;
  purchaseId: string;
  marketplaceName: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  postalCode: string | null;
  city: string | null;
  title: string;
  description: string | null;
  category: string | null;
  area: string | null;
  /** tickets, credits or card */
  paidWith: string;
  priceTickets: number;
  priceCredits: number;
  amountOre: number;
  /** When the purchase completed: when the lead became the buyer's. */
  boughtAt: string;
  /** The buyer's own pipeline and notes. */
  status: string;
  notes: string | null;
  /** When the person asked the seller to erase their data (the buyer should erase its copy too). */
  erasureRequestedAt: string | null;
};

const PURCHASED_LEAD_COLUMNS =
  'id, organization_id, purchase_id, marketplace_name, name, email, phone, company, postal_code, city, title, description, category, area, paid_with, price_tickets, price_credits, amount_ore, created_at, status, notes, erasure_requested_at';

type PurchasedRow = Pick<
  Tables<'purchased_leads'>,
  | 'id'
  | 'organization_id'
  | 'purchase_id'
  | 'marketplace_name'
  | 'name'
  | 'email'
  | 'phone'
  | 'company'
  | 'postal_code'
  | 'city'
  | 'title'
  | 'description'
  | 'category'
  | 'area'
  | 'paid_with'
  | 'price_tickets'
  | 'price_credits'
  | 'amount_ore'
  | 'created_at'
  | 'status'
  | 'notes'
  | 'erasure_requested_at'
>;

// A view's columns are all nullable in the generated types; the function behind it never returns
// null for these.
const toPurchasedLead = (row: PurchasedRow): PurchasedLead => ({
  id: row.id ?? '',
  organizationId: row.organization_id ?? '',
  purchaseId: row.purchase_id ?? '',
  marketplaceName: row.marketplace_name ?? '',
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  postalCode: row.postal_code,
  city: row.city,
  title: row.title ?? '',
  description: row.description,
  category: row.category,
  area: row.area,
  paidWith: row.paid_with ?? 'tickets',
  priceTickets: row.price_tickets ?? 0,
  priceCredits: row.price_credits ?? 0,
  amountOre: row.amount_ore ?? 0,
  boughtAt: row.created_at ?? '',
  status: row.status ?? 'new',
  notes: row.notes,
  erasureRequestedAt: row.erasure_requested_at,
});

/** The organization's purchase of a lead, or null when it has none (completed). */
export async function fetchPurchasedLead(leadId: string, organizationId: string) {
  const row = unwrap(
    await supabase
      .from('purchased_leads')
      .select(PURCHASED_LEAD_COLUMNS)
      .eq('id', leadId)
      .eq('organization_id', organizationId)
      .maybeSingle(),
  );
  return row ? toPurchasedLead(row) : null;
}

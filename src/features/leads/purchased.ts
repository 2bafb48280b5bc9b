import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { LeadStatus } from './api';

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
  paidWith: 'tickets' | 'credits' | 'card';
  priceTickets: number;
  priceCredits: number;
  amountOre: number;
  /** When the purchase completed: when the lead became the buyer's. */
  boughtAt: string;
  /** The buyer's own pipeline and notes. */
  status: LeadStatus;
  notes: string | null;
};

export const PURCHASED_LEAD_COLUMNS =
  'id, organization_id, purchase_id, marketplace_name, name, email, phone, company, postal_code, city, title, description, category, area, paid_with, price_tickets, price_credits, amount_ore, created_at, status, notes';

type PurchasedRow = {
  id: string | null;
  organization_id: string | null;
  purchase_id: string | null;
  marketplace_name: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  postal_code: string | null;
  city: string | null;
  title: string | null;
  description: string | null;
  category: string | null;
  area: string | null;
  paid_with: string | null;
  price_tickets: number | null;
  price_credits: number | null;
  amount_ore: number | null;
  created_at: string | null;
  status: string | null;
  notes: string | null;
};

// A view's columns are all nullable in the generated types; the function behind it never returns
// null for these.
export const toPurchasedLead = (row: PurchasedRow): PurchasedLead => ({
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
  paidWith: (row.paid_with ?? 'tickets') as PurchasedLead['paidWith'],
  priceTickets: row.price_tickets ?? 0,
  priceCredits: row.price_credits ?? 0,
  amountOre: row.amount_ore ?? 0,
  boughtAt: row.created_at ?? '',
  status: (row.status ?? 'new') as LeadStatus,
  notes: row.notes,
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

/**
 * Saves the buyer's own status or notes on a purchase. The row is made on the first save (an upsert
 * on the purchase); row-level security keeps it to the buying organization's completed purchase.
 */
export async function savePurchaseNotes(input: {
  purchaseId: string;
  organizationId: string;
  status?: LeadStatus;
  notes?: string;
}) {
  unwrap(
    await supabase
      .from('purchased_leads_notes')
      .upsert(
        {
          purchase_id: input.purchaseId,
          organization_id: input.organizationId,
          ...(input.status === undefined ? {} : { status: input.status }),
          ...(input.notes === undefined ? {} : { notes: input.notes.trim() === '' ? null : input.notes }),
        },
        { onConflict: 'purchase_id' },
      )
      .select('purchase_id')
      .single(),
  );
}

import type { Enums, Tables } from '@/lib/database.types';
import type { ListFilters } from './api/fetch-lead-page';
import type { LEAD_EVENTS, SORT_KEYS } from './constants';

export type LeadStatus = Enums<'lead_status'>;
export type LeadSource = Enums<'lead_source'>;
export type SortKey = (typeof SORT_KEYS)[number];

/** The lead page's lead: the owner organization's row. */
export type Lead = Pick<
  Tables<'leads'>,
  | 'id'
  | 'organization_id'
  | 'source'
  | 'status'
  | 'name'
  | 'email'
  | 'phone'
  | 'postal_code'
  | 'city'
  | 'company'
  | 'category'
  | 'area'
  | 'notes'
  | 'consent'
  | 'created_at'
  | 'updated_at'
>;

/**
 * A row of the /leads list: an own lead, or in «Kjøpte leads» a purchase (purchased_leads), whose
 * status and notes are the buyer's own and whose created_at is when it was bought.
 */
export type LeadListItem = Omit<Lead, 'consent' | 'updated_at'> & {
  /** Set on bought leads: the purchase the status and notes belong to. */
  purchase_id: string | null;
  /** Bought leads only: when the person asked the seller to erase their data (null: never). */
  erasure_requested_at?: string | null;
};

/** What a status or notes change is saved on: the lead itself, or the buyer's own purchase of it. */
export type NotesTarget = { leadId: string; organizationId: string; purchaseId: string | null };

/** The list's view in the URL (linkable): filters, sort and the page. */
export type LeadFilters = Omit<ListFilters, 'source' | 'status'> & {
  source: LeadSource | '';
  status: LeadStatus | '';
  /** The page number shown («Side N»); with a cursor only a label, without one an offset. */
  page: number;
  /** Keyset cursors (api/fetch-lead-page.ts): the page after / before this row. Only with page > 1. */
  after: string;
  before: string;
};

export type LeadEvent = (typeof LEAD_EVENTS)[number];

export type LeadsConfig = {
  sendToEmail: boolean;
  recipients: string[];
  events: LeadEvent[];
  defaultPriceTickets: number | null;
  defaultPriceCredits: number | null;
  defaultPriceOre: number | null;
};

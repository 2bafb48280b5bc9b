import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { EXPORT_MAX_ROWS, EXPORT_PAGE_SIZE } from '../constants';
import type { LeadFilters, LeadListItem } from '../types';
import { cursorOf, fetchLeadPage, type PageWanted } from './fetch-lead-page';
import { toListItem } from './get-leads';

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
      page = await fetchLeadPage<LeadListItem>(supabase, organizationId, filters, wanted, EXPORT_PAGE_SIZE);
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

import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { PAGE_SIZE } from '../constants';
import type { LeadFilters, LeadListItem } from '../types';
import {
  cursorOf,
  decodeCursor,
  encodeCursor,
  fetchLeadCount,
  fetchLeadPage,
  type PageWanted,
} from './fetch-lead-page';
import { leadKeys } from './keys';

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
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'PGRST103';

/** The own list's rows have no purchase; the bought list's rows carry theirs. */
export const toListItem = (row: Omit<LeadListItem, 'purchase_id'> & { purchase_id?: string | null }) => ({
  ...row,
  purchase_id: row.purchase_id ?? null,
});

/** One page of the list: keyset pages after/before a cursor, offset only for links without one. */
export const leadsQueryOptions = (organizationId: string, filters: LeadFilters) =>
  queryOptions({
    queryKey: leadKeys.list(organizationId, filters),
    queryFn: async (): Promise<LeadPage> => {
      try {
        const page = await fetchLeadPage<LeadListItem>(
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
export const leadsCountQueryOptions = (organizationId: string, filters: LeadFilters) => {
  const { page: _page, after: _after, before: _before, ...view } = filters;
  return queryOptions({
    queryKey: leadKeys.count(organizationId, view),
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

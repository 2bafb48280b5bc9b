import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';
import type { BookingSolutionListItem, BookingSolutionStatus } from './types';

/** Archived wins; otherwise a draft until the campaign is published. */
export function solutionStatus(archivedAt: string | null, publishedAt: string | null): BookingSolutionStatus {
  if (archivedAt) return 'archived';
  return publishedAt ? 'live' : 'draft';
}

const isStatus = (value: string): value is BookingSolutionStatus =>
  value === 'draft' || value === 'live' || value === 'archived';

/**
 * The organization's booking solutions with their figures, newest first: one request
 * (booking_solution_summaries), so the list never fetches the bookings themselves.
 */
export const bookingSolutionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: bookingKeys.lists(organizationId),
    queryFn: async (): Promise<BookingSolutionListItem[]> => {
      const rows =
        unwrap(await supabase.rpc('booking_solution_summaries', { input_organization_id: organizationId })) ??
        [];
      return rows.map((row) => ({
        id: row.solution_id,
        name: row.name,
        status: isStatus(row.status) ? row.status : 'draft',
        createdAt: row.created_at,
        upcoming: Number(row.upcoming),
        bookedMinutes: Number(row.booked_minutes),
        availableMinutes: Number(row.available_minutes),
        noShows: Number(row.no_shows),
      }));
    },
  });

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

/** The organization's booking solutions, newest first. */
export const bookingSolutionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: bookingKeys.lists(organizationId),
    queryFn: async (): Promise<BookingSolutionListItem[]> => {
      const rows =
        unwrap(
          await supabase
            .from('booking_solutions')
            .select(
              'id, archived_at, created_at, campaigns!booking_solutions_campaign_fkey(name, published_at)',
            )
            .eq('organization_id', organizationId)
            .order('created_at', { ascending: false }),
        ) ?? [];
      return rows.map((row) => ({
        id: row.id,
        name: row.campaigns.name,
        status: solutionStatus(row.archived_at, row.campaigns.published_at),
        createdAt: row.created_at,
      }));
    },
  });

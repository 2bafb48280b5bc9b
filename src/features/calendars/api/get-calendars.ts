import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type CalendarListItem = Pick<
  Tables<'calendars'>,
  'id' | 'template' | 'starts_on' | 'ends_on' | 'door_time' | 'calendar_status'
> &
  Pick<Tables<'campaigns'>, 'name' | 'published_at'> & { participants: number; entriesToday: number };

/** `calendar_status` is the database's computed column (draft, scheduled, live or ended). */
const LIST_COLUMNS = 'id, template, starts_on, ends_on, door_time, calendar_status';

/**
 * The organization's calendars, newest first (their campaigns' order), with their participants and
 * today's entries (one call to calendar_summaries for all of them, so the list costs three requests
 * however long it is), and their status as the database computes it.
 */
export const calendarsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: calendarKeys.lists(organizationId),
    queryFn: async (): Promise<CalendarListItem[]> => {
      const [campaigns, rows, summaries] = await Promise.all([
        supabase
          .from('campaigns')
          .select('id, name, published_at')
          .eq('organization_id', organizationId)
          .eq('kind', 'calendar')
          .order('created_at', { ascending: false }),
        supabase.from('calendars').select(LIST_COLUMNS).eq('organization_id', organizationId),
        supabase.rpc('calendar_summaries', { input_organization_id: organizationId }),
      ]);
      const ownById = new Map((unwrap(rows) ?? []).map((row) => [row.id, row]));
      const byId = new Map((unwrap(summaries) ?? []).map((summary) => [summary.calendar_id, summary]));
      return (unwrap(campaigns) ?? []).flatMap((campaign) => {
        const own = ownById.get(campaign.id);
        if (!own) return [];
        const summary = byId.get(campaign.id);
        return {
          ...own,
          ...campaign,
          participants: Number(summary?.participants ?? 0),
          entriesToday: Number(summary?.entries_today ?? 0),
        };
      });
    },
  });

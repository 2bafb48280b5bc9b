import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type CalendarRow = Tables<'calendars'>;

export type CalendarListItem = Pick<
  CalendarRow,
  'id' | 'name' | 'template' | 'starts_on' | 'ends_on' | 'door_time' | 'published_at' | 'calendar_status'
> & { participants: number; entriesToday: number };

/** `calendar_status` is the database's computed column (draft, scheduled, live or ended). */
const LIST_COLUMNS = 'id, name, template, starts_on, ends_on, door_time, published_at, calendar_status';

/**
 * The organization's calendars, newest first, with their participants and today's entries (one call
 * to calendar_summaries for all of them, so the list costs two requests however long it is), and
 * their status as the database computes it.
 */
export const calendarsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: calendarKeys.lists(organizationId),
    queryFn: async (): Promise<CalendarListItem[]> => {
      const [rows, summaries] = await Promise.all([
        supabase
          .from('calendars')
          .select(LIST_COLUMNS)
          .eq('organization_id', organizationId)
          .order('created_at', { ascending: false }),
        supabase.rpc('calendar_summaries', { input_organization_id: organizationId }),
      ]);
      const byId = new Map((unwrap(summaries) ?? []).map((summary) => [summary.calendar_id, summary]));
      return (unwrap(rows) ?? []).map((row) => {
        const summary = byId.get(row.id);
        return {
          ...row,
          participants: Number(summary?.participants ?? 0),
          entriesToday: Number(summary?.entries_today ?? 0),
        };
      });
    },
  });

import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarStatusAt } from '../utils/status';
import { calendarKeys } from './keys';

export type CalendarRow = Tables<'calendars'>;

export type CalendarListItem = Pick<
  CalendarRow,
  'id' | 'name' | 'template' | 'starts_on' | 'ends_on' | 'door_time' | 'published_at' | 'calendar_status'
> & { participants: number; entriesToday: number };

const LIST_COLUMNS =
  'id, name, template, starts_on, ends_on, door_time, published_at, calendar_doors(opens_at, closes_at)';

/**
 * The organization's calendars, newest first, with their participants and today's entries (one call
 * to calendar_summaries for all of them, so the list costs two requests however long it is), and
 * their status from their doors' moments.
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
      const now = new Date();
      return (unwrap(rows) ?? []).map(({ calendar_doors: doors, ...row }) => {
        const summary = byId.get(row.id);
        return {
          ...row,
          calendar_status: calendarStatusAt(row.published_at, doors, now),
          participants: Number(summary?.participants ?? 0),
          entriesToday: Number(summary?.entries_today ?? 0),
        };
      });
    },
  });

import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type DrawWinner = Tables<'calendar_draw_winners'> & {
  calendar_participants: Pick<Tables<'calendar_participants'>, 'name' | 'email'> | null;
};
export type CalendarDraw = Tables<'calendar_draws'> & { calendar_draw_winners: DrawWinner[] };

/** The calendar's draws, newest first, each with its winners in ranking order and who they are. */
export const calendarDrawsQueryOptions = (calendarId: string) =>
  queryOptions({
    queryKey: calendarKeys.draws(calendarId),
    queryFn: () => fetchCalendarDraws(calendarId),
  });

/** The same read uncached, for the winners' CSV export. */
export async function fetchCalendarDraws(calendarId: string): Promise<CalendarDraw[]> {
  const draws = unwrap(
    await supabase
      .from('calendar_draws')
      .select('*, calendar_draw_winners(*, calendar_participants(name, email))')
      .eq('calendar_id', calendarId)
      .order('committed_at', { ascending: false }),
  );
  return (draws ?? []).map((draw) => ({
    ...draw,
    calendar_draw_winners: [...draw.calendar_draw_winners].sort((a, b) => a.rank - b.rank),
  }));
}

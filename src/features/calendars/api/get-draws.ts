import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type DrawWinner = Tables<'campaign_draw_winners'> & {
  participants: Pick<Tables<'participants'>, 'name' | 'email'> | null;
};
export type CalendarDraw = Tables<'campaign_draws'> & { campaign_draw_winners: DrawWinner[] };

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
      .from('campaign_draws')
      .select('*, campaign_draw_winners(*, participants(name, email))')
      .eq('campaign_id', calendarId)
      .order('committed_at', { ascending: false }),
  );
  return (draws ?? []).map((draw) => ({
    ...draw,
    campaign_draw_winners: [...draw.campaign_draw_winners].sort((a, b) => a.rank - b.rank),
  }));
}

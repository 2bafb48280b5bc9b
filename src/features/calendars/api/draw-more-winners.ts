import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/** Adds the next `count` entries of a run draw's ranking as pending winners. */
export function useDrawMoreWinners(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ drawId, count }: { drawId: string; count: number }) =>
      unwrap(await supabase.rpc('draw_more_calendar_winners', { input_draw_id: drawId, input_count: count })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.draws(calendarId) }),
  });
}

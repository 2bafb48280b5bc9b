import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/campaign/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Adds the next `count` entries of a run draw's ranking as pending winners. */
export function useDrawMoreWinners(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ drawId, count }: { drawId: string; count: number }) =>
      unwrap(await supabase.rpc('draw_more_calendar_winners', { input_draw_id: drawId, input_count: count })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.draws(calendarId) }),
  });
}

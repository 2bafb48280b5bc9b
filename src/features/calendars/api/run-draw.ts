import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/campaign/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Draws the seed and ranks the committed entries by it: the first ones become pending winners. */
export function useRunDraw(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (drawId: string) =>
      unwrap(await supabase.rpc('run_calendar_draw', { input_draw_id: drawId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.draws(calendarId) }),
  });
}

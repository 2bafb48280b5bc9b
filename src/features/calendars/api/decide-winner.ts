import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/** Approves a pending winner, or rejects them: the next entry of the ranking is then drawn. */
export function useDecideWinner(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ winnerId, approve }: { winnerId: string; approve: boolean }) =>
      unwrap(
        await supabase.rpc('decide_calendar_winner', { input_winner_id: winnerId, input_approve: approve }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.draws(calendarId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/campaign/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Approves a pending winner, or rejects them with a reason: the next entry of the ranking is then drawn. */
export function useDecideWinner(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      winnerId,
      approve,
      reason,
    }: {
      winnerId: string;
      approve: boolean;
      reason?: string;
    }) =>
      unwrap(
        await supabase.rpc('decide_calendar_winner', {
          input_winner_id: winnerId,
          input_approve: approve,
          input_reason: reason,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.draws(calendarId) }),
  });
}

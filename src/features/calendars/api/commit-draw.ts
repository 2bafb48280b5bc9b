import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/campaign/api/keys';
import type { Database } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';

export type CommitDrawInput = {
  /** Null: the grand prize, among every entry of the calendar. */
  doorId: string | null;
  prizeId: string;
  eligibility: 'all' | 'correct';
  excludePreviousWinners: boolean;
  winnersCount: number;
};

type CommitArgs = Database['public']['Functions']['commit_calendar_draw']['Args'];

/**
 * Fixes and hashes the list of eligible entries before any seed exists (the first half of a
 * verifiable draw). The draw itself is run_calendar_draw (run-draw.ts).
 */
export function useCommitDraw(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CommitDrawInput) => {
      const args: CommitArgs = {
        input_calendar_id: calendarId,
        // The function takes null for the grand prize; the generated type cannot say so.
        input_door_id: input.doorId!,
        input_prize_id: input.prizeId,
        input_eligibility: input.eligibility,
        input_exclude_previous_winners: input.excludePreviousWinners,
        input_winners_count: input.winnersCount,
      };
      return present(unwrap(await supabase.rpc('commit_calendar_draw', args)));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.draws(calendarId) }),
  });
}

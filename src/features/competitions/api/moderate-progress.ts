import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

/** Rejects an entry with a reason (it stops counting), or restores it (reason null). */
export function useModerateProgress(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, reason }: { entryId: string; reason: string | null }) => {
      unwrap(
        reason === null
          ? await supabase.rpc('restore_competition_progress', { input_entry_id: entryId })
          : await supabase.rpc('reject_competition_progress', {
              input_entry_id: entryId,
              input_reason: reason,
            }),
      );
    },
    // The figures change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
  });
}

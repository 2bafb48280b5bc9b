import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

/** Deletes a team; its memberships go with it, its logged progress stays counted for nobody. */
export function useDeleteTeam(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (teamId: string) => {
      unwrap(await supabase.from('competitions_teams').delete().eq('id', teamId));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
  });
}

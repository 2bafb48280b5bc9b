import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

/**
 * Moves a membership to another team of the competition (made active); the database holds the cap
 * and answers `competition-team-full` when the team has no room.
 */
export function useMoveMember(competitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, teamId }: { memberId: string; teamId: string }) => {
      unwrap(
        await supabase.rpc('move_competition_member', { input_member_id: memberId, input_team_id: teamId }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
  });
}

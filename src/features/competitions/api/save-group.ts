import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

export type GroupInput = { id?: string; name: string; maxTeams: number | null; position: number };

/** Adds or changes a group (a department, a class) with its cap on teams (null: none). */
export function useSaveGroup(competitionId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name, maxTeams, position }: GroupInput) => {
      const row = { name: name.trim(), max_teams: maxTeams, position };
      if (id) {
        unwrap(await supabase.from('competitions_groups').update(row).eq('id', id).select('id').single());
        return;
      }
      unwrap(
        await supabase
          .from('competitions_groups')
          .insert({ ...row, competition_id: competitionId, organization_id: organizationId })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
  });
}

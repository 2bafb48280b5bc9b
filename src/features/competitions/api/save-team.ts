import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

export type TeamInput = {
  id?: string;
  name: string;
  motto: string;
  groupId: string | null;
  inviteOnly: boolean;
  /** The team's photo, a library item (null: its initials). */
  mediaId: string | null;
};

/** Adds or changes a team (name, motto, group, open or invite-only, photo). */
export function useSaveTeam(competitionId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name, motto, groupId, inviteOnly, mediaId }: TeamInput) => {
      const row = {
        name: name.trim(),
        motto: motto.trim() || null,
        group_id: groupId,
        invite_only: inviteOnly,
        media_id: mediaId,
      };
      if (id) {
        unwrap(await supabase.from('competitions_teams').update(row).eq('id', id).select('id').single());
        return;
      }
      unwrap(
        await supabase
          .from('competitions_teams')
          .insert({ ...row, competition_id: competitionId, organization_id: organizationId })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionPreviewKeys } from './keys';
import type { PublicCompetition, PublicTeamRow } from './public-competition';

/**
 * What the public pages show, read by a member of the organization: the public reads answer members
 * for a draft too, with live figures (no freeze), so the preview is the page as it will look.
 */
export type CompetitionPreviewData = { competition: PublicCompetition; teams: PublicTeamRow[] };

export const competitionPreviewQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: competitionPreviewKeys.preview(competitionId),
    queryFn: async (): Promise<CompetitionPreviewData> => {
      const args = { input_competition_id: competitionId };
      const [competition, teams] = await Promise.all([
        supabase.rpc('competition_public', args),
        supabase.rpc('competition_public_teams', args),
      ]);
      return {
        competition: unwrap(competition) as unknown as PublicCompetition,
        teams: unwrap(teams) as unknown as PublicTeamRow[],
      };
    },
  });

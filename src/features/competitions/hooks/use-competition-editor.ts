import { useQuery } from '@tanstack/react-query';
import { campaignPrizesQueryOptions } from '@/lib/campaign/api/get-prizes';
import { competitionEditorQueryOptions } from '../api/get-competition';

/** One competition for the editor and its campaign's prizes: two queries (the prizes are the engine's), one answer. */
export function useCompetitionEditor(competitionId: string) {
  const competition = useQuery(competitionEditorQueryOptions(competitionId));
  const prizes = useQuery(campaignPrizesQueryOptions(competitionId));
  return {
    data: competition.data,
    prizes: prizes.data ?? [],
    error: competition.error ?? prizes.error,
    isPending: competition.isPending,
  };
}

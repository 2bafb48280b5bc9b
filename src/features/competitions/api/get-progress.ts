import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

export type ProgressEntry = Tables<'competitions_progress'> & {
  participants: { name: string | null; email: string } | null;
  /** The photo sent with the entry, in the public's uploads bucket. */
  campaign_uploads: { object_path: string } | null;
};

/** How many of the latest entries moderation shows. */
export const PROGRESS_PAGE = 50;

/**
 * The latest progress entries, rejected ones too, with who logged them and their photo (members of
 * the organization).
 */
export const competitionProgressQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: competitionKeys.progress(competitionId),
    queryFn: async (): Promise<ProgressEntry[]> =>
      unwrap(
        await supabase
          .from('competitions_progress')
          .select('*, participants(name, email), campaign_uploads(object_path)')
          .eq('competition_id', competitionId)
          .order('created_at', { ascending: false })
          .limit(PROGRESS_PAGE),
      ) ?? [],
  });

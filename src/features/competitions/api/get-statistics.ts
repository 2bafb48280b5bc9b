import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

const statisticsSchema = z.object({
  participants: z.number(),
  members: z.number(),
  teams: z.number(),
  active_members: z.number(),
  active_share: z.number().nullable(),
  total: z.number(),
  goal: z.number(),
  percent: z.number(),
  entries: z.number(),
  rejected_entries: z.number(),
  days: z.array(z.object({ date: z.string(), amount: z.number(), entries: z.number() })),
});

export type CompetitionStatistics = z.infer<typeof statisticsSchema>;

/** The competition's figures and its accepted progress per Oslo day (competition_statistics). */
export const competitionStatisticsQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: competitionKeys.statistics(competitionId),
    queryFn: async (): Promise<CompetitionStatistics> =>
      statisticsSchema.parse(
        unwrap(await supabase.rpc('competition_statistics', { input_competition_id: competitionId })),
      ),
  });

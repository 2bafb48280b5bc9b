import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

export type CompetitionStatus = 'draft' | 'scheduled' | 'live' | 'ended';

export type CompetitionListItem = Pick<Tables<'competitions'>, 'id' | 'starts_on' | 'ends_on' | 'unit'> &
  Pick<Tables<'campaigns'>, 'name' | 'published_at'> & {
    status: CompetitionStatus;
    teams: number;
    participants: number;
    total: number;
    goal: number;
    percent: number;
  };

const isStatus = (value: unknown): value is CompetitionStatus =>
  value === 'draft' || value === 'scheduled' || value === 'live' || value === 'ended';

/**
 * The organization's competitions, newest first (competition_summaries' order), with their status,
 * teams, registrations and progress toward the goal: three requests however long the list is.
 */
export const competitionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: competitionKeys.lists(organizationId),
    queryFn: async (): Promise<CompetitionListItem[]> => {
      const [summaries, campaigns, rows] = await Promise.all([
        supabase.rpc('competition_summaries', { input_organization_id: organizationId }),
        supabase
          .from('campaigns')
          .select('id, name, published_at')
          .eq('organization_id', organizationId)
          .eq('kind', 'competition'),
        supabase
          .from('competitions')
          .select('id, starts_on, ends_on, unit')
          .eq('organization_id', organizationId),
      ]);
      const campaignById = new Map((unwrap(campaigns) ?? []).map((row) => [row.id, row]));
      const ownById = new Map((unwrap(rows) ?? []).map((row) => [row.id, row]));
      return (unwrap(summaries) ?? []).flatMap((summary) => {
        const campaign = campaignById.get(summary.competition_id);
        const own = ownById.get(summary.competition_id);
        if (!campaign || !own) return [];
        return {
          ...own,
          ...campaign,
          status: isStatus(summary.status) ? summary.status : 'draft',
          teams: Number(summary.teams),
          participants: Number(summary.participants),
          total: Number(summary.total),
          goal: Number(summary.goal),
          percent: Number(summary.percent),
        };
      });
    },
  });

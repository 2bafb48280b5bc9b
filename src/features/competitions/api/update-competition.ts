import { useMutation, useQueryClient } from '@tanstack/react-query';
import { splitCampaignPatch } from '@/lib/campaign/split-patch';
import type { TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { competitionKeys } from './keys';

/** The campaign's columns an editor section may change. */
const CAMPAIGN_KEYS = [
  'name',
  'rules_text',
  'consent_text',
  'marketing_consent_text',
  'design',
  'published_at',
] as const satisfies readonly (keyof TablesUpdate<'campaigns'>)[];

type CampaignPatch = Pick<TablesUpdate<'campaigns'>, (typeof CAMPAIGN_KEYS)[number]>;

/** What the editor's sections change: the campaign's columns and the competition's own. */
export type CompetitionPatch = CampaignPatch &
  Pick<
    TablesUpdate<'competitions'>,
    | 'starts_on'
    | 'ends_on'
    | 'unit'
    | 'goal'
    | 'team_goal'
    | 'scoring'
    | 'min_active_members'
    | 'team_min'
    | 'team_max'
    | 'join_opens_at'
    | 'lock_at'
    | 'freeze_at'
    | 'max_per_entry'
    | 'max_per_day'
    | 'milestones'
  >;

/**
 * Saves part of a competition: its own columns first (the checks on period, sizes and windows), then
 * the campaign's (consent before publishing). The form keeps what was typed when either is refused.
 */
export function useUpdateCompetition(competitionId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CompetitionPatch) => {
      const { campaign, own } = splitCampaignPatch<CampaignPatch, TablesUpdate<'competitions'>>(
        patch,
        CAMPAIGN_KEYS,
      );
      if (Object.keys(own).length > 0)
        unwrap(await supabase.from('competitions').update(own).eq('id', competitionId).select('id').single());
      if (Object.keys(campaign).length > 0)
        unwrap(
          await supabase.from('campaigns').update(campaign).eq('id', competitionId).select('id').single(),
        );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: competitionKeys.competition(competitionId) }),
        queryClient.invalidateQueries({ queryKey: competitionKeys.lists(organizationId) }),
      ]),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignKeys } from './keys';

export type DrawWinner = Tables<'campaign_draw_winners'> & {
  participants: Pick<Tables<'participants'>, 'name' | 'email'> | null;
};
export type CampaignDraw = Tables<'campaign_draws'> & { campaign_draw_winners: DrawWinner[] };

/** A campaign's draws, newest first, each with its winners in ranking order and who they are. */
export const campaignDrawsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.draws(campaignId),
    queryFn: () => fetchCampaignDraws(campaignId),
  });

/** The same read uncached, for the winners' CSV export. */
export async function fetchCampaignDraws(campaignId: string): Promise<CampaignDraw[]> {
  const draws = unwrap(
    await supabase
      .from('campaign_draws')
      .select('*, campaign_draw_winners(*, participants(name, email))')
      .eq('campaign_id', campaignId)
      .order('committed_at', { ascending: false }),
  );
  return (draws ?? []).map((draw) => ({
    ...draw,
    campaign_draw_winners: [...draw.campaign_draw_winners].sort((a, b) => a.rank - b.rank),
  }));
}

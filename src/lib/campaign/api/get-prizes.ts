import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignKeys } from './keys';

/** A prize of an item (`item_id`, e.g. a calendar's door) or the grand prize (`item_id` null). */
export type CampaignPrize = Tables<'campaign_prizes'>;

/** A campaign's prizes, oldest first (members of its organization; row-level security decides). */
export const campaignPrizesQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.prizes(campaignId),
    queryFn: async (): Promise<CampaignPrize[]> =>
      unwrap(
        await supabase.from('campaign_prizes').select('*').eq('campaign_id', campaignId).order('created_at'),
      ) ?? [],
  });

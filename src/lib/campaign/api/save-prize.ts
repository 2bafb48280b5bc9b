import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignKeys } from './keys';

export type PrizeInput = Pick<
  TablesInsert<'campaign_prizes'>,
  'item_id' | 'name' | 'description' | 'value_ore' | 'quantity' | 'drawn_by_chance'
> & { id?: string };

/** Adds or changes a campaign's prize (an item's, e.g. a calendar door's, or the grand prize with none). */
export function useSavePrize(campaignId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...prize }: PrizeInput) => {
      if (id) {
        unwrap(await supabase.from('campaign_prizes').update(prize).eq('id', id).select('id').single());
        return;
      }
      unwrap(
        await supabase
          .from('campaign_prizes')
          .insert({ ...prize, campaign_id: campaignId, organization_id: organizationId })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.prizes(campaignId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { campaignKeys } from './keys';

/** Deletes a prize that has not been drawn (a drawn one stays: campaign-prize-drawn). */
export function useDeletePrize(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prizeId: string) => {
      unwrap(await supabase.from('campaign_prizes').delete().eq('id', prizeId));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.prizes(campaignId) }),
  });
}

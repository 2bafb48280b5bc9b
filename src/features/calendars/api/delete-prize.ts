import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export function useDeletePrize(calendarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prizeId: string) => {
      unwrap(await supabase.from('campaign_prizes').delete().eq('id', prizeId));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
  });
}

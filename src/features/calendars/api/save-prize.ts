import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type PrizeInput = Pick<
  TablesInsert<'calendar_prizes'>,
  'door_id' | 'name' | 'description' | 'value_ore' | 'quantity' | 'drawn_by_chance'
> & { id?: string };

/** Adds or changes a prize (a door's, or the grand prize with no door). */
export function useSavePrize(calendarId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...prize }: PrizeInput) => {
      if (id) {
        unwrap(await supabase.from('calendar_prizes').update(prize).eq('id', id).select('id').single());
        return;
      }
      unwrap(
        await supabase
          .from('calendar_prizes')
          .insert({ ...prize, calendar_id: calendarId, organization_id: organizationId })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
  });
}

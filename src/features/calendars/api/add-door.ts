import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { present } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/**
 * Adds a door to a custom calendar on a date of its period (the database refuses one outside it with
 * calendar-door-outside-period); its day number is the next free one.
 */
export function useAddDoor(calendarId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ opensOn, dayNumber }: { opensOn: string; dayNumber: number }) =>
      present(
        unwrap(
          await supabase
            .from('calendar_doors')
            .insert({
              calendar_id: calendarId,
              organization_id: organizationId,
              opens_on: opensOn,
              day_number: dayNumber,
            })
            .select('id')
            .single(),
        ),
      ).id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
  });
}

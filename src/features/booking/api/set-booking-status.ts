import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';
import type { BookingStatus } from './types';

/** Marks a booking as a no-show, cancelled or confirmed again (owners and admins: only the status column). */
export function useSetBookingStatus(solutionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bookingId, status }: { bookingId: string; status: BookingStatus }) => {
      unwrap(await supabase.from('bookings').update({ status }).eq('id', bookingId).select('id').single());
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.solution(solutionId) }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.allLists }),
      ]),
  });
}

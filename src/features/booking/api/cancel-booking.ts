import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { bookingKeys } from './keys';

/** What the booking function answers the organization's cancel: whether a paid booking was refunded. */
export interface CancelBookingAnswer {
  refund: 'none' | 'refunded' | 'failed';
}

/**
 * Cancels a booking as its organization (owners and admins): through the booking function, which frees
 * the slot, e-mails the customer the cancellation with its `.ics` and refunds a paid booking in full.
 * The database refuses a plain update of a paid booking to cancelled, so the refund is never skipped.
 */
export function useCancelBooking(solutionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      invokeFunction<CancelBookingAnswer>('booking', { action: 'organizer-cancel', bookingId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.solution(solutionId) }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.allLists }),
      ]),
  });
}

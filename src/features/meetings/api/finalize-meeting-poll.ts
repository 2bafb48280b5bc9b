import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

/** After a poll closes: its matrix, the polls list, and (finalized) the bookings and meetings. */
function useInvalidateClosedPoll(organizationId: string, pollId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        meetingKeys.matrix(pollId),
        meetingKeys.polls(organizationId),
        meetingKeys.bookings(),
        meetingKeys.meetings(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/**
 * Picks a candidate time (finalize_meeting_poll): its room is booked in the same transaction, the
 * meeting made; answers the meeting's id. meeting-room-taken when another booking got the room first.
 */
export function useFinalizeMeetingPoll(organizationId: string, pollId: string) {
  const invalidate = useInvalidateClosedPoll(organizationId, pollId);
  return useMutation({
    mutationFn: async (optionId: string) =>
      unwrap(
        await supabase.rpc('finalize_meeting_poll', { input_poll_id: pollId, input_option_id: optionId }),
      ),
    onSettled: () => invalidate(),
  });
}

/** Cancels an open poll (its organizer, an owner or an admin). */
export function useCancelMeetingPoll(organizationId: string, pollId: string) {
  const invalidate = useInvalidateClosedPoll(organizationId, pollId);
  return useMutation({
    mutationFn: async () => {
      unwrap(await supabase.rpc('cancel_meeting_poll', { input_poll_id: pollId }));
    },
    onSuccess: () => invalidate(),
  });
}

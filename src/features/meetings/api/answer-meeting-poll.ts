import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { PollAnswer } from './get-meeting-polls';
import { meetingKeys } from './keys';

/** The caller's answers by candidate time id; a time left out keeps its answer (answer_meeting_poll). */
export function useAnswerMeetingPoll(pollId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Record<string, PollAnswer>) => {
      unwrap(await supabase.rpc('answer_meeting_poll', { input_poll_id: pollId, input_answers: answers }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.matrix(pollId) }),
  });
}

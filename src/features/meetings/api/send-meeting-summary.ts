import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * «Send referat til deltakerne»: asks for the meeting's summary to be e-mailed to every attendee
 * (request_meeting_summary_email; the meeting-summaries job sends it within a minute).
 * Asking again sends the summary as it then stands.
 */
export function useSendMeetingSummary(meetingId: string) {
  return useMutation({
    mutationFn: async () => {
      unwrap(await supabase.rpc('request_meeting_summary_email', { input_meeting_id: meetingId }));
    },
  });
}

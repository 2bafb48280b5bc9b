import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type Meeting = Tables<'meetings'>;
export type MeetingSummary = Tables<'meeting_summaries'>;
export type MeetingAttendee = Tables<'meeting_attendees'> & {
  participant: Pick<Tables<'participants'>, 'email' | 'name'> | null;
};
export type ActionItem = Tables<'meeting_action_items'>;

export interface MeetingDetail {
  meeting: Meeting;
  summary: MeetingSummary | null;
  attendees: MeetingAttendee[];
  actionItems: ActionItem[];
}

/** The organization's meetings that have not ended, soonest first (the planner's «Kommende møter»). */
export const upcomingMeetingsQueryOptions = (organizationId: string, now: string) =>
  queryOptions({
    queryKey: meetingKeys.upcoming(organizationId, now),
    queryFn: async (): Promise<Meeting[]> =>
      unwrap(
        await supabase
          .from('meetings')
          .select('*')
          .eq('organization_id', organizationId)
          .gt('ends_at', now)
          .order('starts_at')
          .limit(50),
      ) ?? [],
  });

/** The meetings held in a room, latest first: the summary page picks one of them. */
export const roomMeetingsQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: meetingKeys.roomMeetings(roomId),
    queryFn: async (): Promise<Meeting[]> =>
      unwrap(
        await supabase
          .from('meetings')
          .select('*')
          .eq('room_id', roomId)
          .order('starts_at', { ascending: false })
          .limit(100),
      ) ?? [],
  });

/** One meeting with its summary, attendees (a guest's address and name) and action items. */
export const meetingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: meetingKeys.meeting(meetingId),
    queryFn: async (): Promise<MeetingDetail> => {
      const [meeting, summary, attendees, actionItems] = await Promise.all([
        supabase.from('meetings').select('*').eq('id', meetingId).single(),
        supabase.from('meeting_summaries').select('*').eq('meeting_id', meetingId).maybeSingle(),
        supabase
          .from('meeting_attendees')
          .select('*, participant:participants(email, name)')
          .eq('meeting_id', meetingId)
          .order('id'),
        supabase.from('meeting_action_items').select('*').eq('meeting_id', meetingId).order('created_at'),
      ]);
      return {
        meeting: unwrap(meeting)!,
        summary: unwrap(summary),
        attendees: unwrap(attendees) ?? [],
        actionItems: unwrap(actionItems) ?? [],
      };
    },
  });

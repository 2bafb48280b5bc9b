import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type MeetingPoll = Tables<'meeting_polls'>;

/** The organization's polls, newest first. */
export const meetingPollsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: meetingKeys.polls(organizationId),
    queryFn: async (): Promise<MeetingPoll[]> =>
      unwrap(
        await supabase
          .from('meeting_polls')
          .select('*')
          .eq('organization_id', organizationId)
          .order('created_at', { ascending: false }),
      ) ?? [],
  });

const answer = z.enum(['yes', 'if_need_be', 'no']);
const count = z.coerce.number();

// meeting_poll_matrix answers jsonb (the same shape as the guest's meeting_poll_for_guest): read once here.
export const pollMatrixSchema = z.object({
  poll: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    duration_minutes: count,
    deadline: z.string().nullable(),
    status: z.enum(['open', 'finalized', 'cancelled']),
    hide_participants: z.boolean(),
    chosen_option_id: z.string().nullable(),
  }),
  invitees: count,
  options: z.array(
    z.object({
      id: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      room_id: z.string().nullable(),
      room_name: z.string().nullable(),
      yes: count,
      if_need_be: count,
      no: count,
      // The answers the caller may see: everyone's, or with hidden participants their own.
      answers: z.array(
        z.object({ invitee_id: z.string(), answer, name: z.string().nullable(), mine: z.boolean() }),
      ),
    }),
  ),
});

export type PollMatrix = z.infer<typeof pollMatrixSchema>;
export type PollAnswer = z.infer<typeof answer>;

/** The best-time matrix of a poll (meeting_poll_matrix): counts per candidate time and visible answers. */
export const pollMatrixQueryOptions = (pollId: string) =>
  queryOptions({
    queryKey: meetingKeys.matrix(pollId),
    queryFn: async (): Promise<PollMatrix> =>
      pollMatrixSchema.parse(unwrap(await supabase.rpc('meeting_poll_matrix', { input_poll_id: pollId }))),
  });

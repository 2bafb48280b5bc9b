import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { isValidEmail } from '@/lib/validation/email';
import { meetingKeys } from './keys';

/** The planner's form; the database checks times ahead, rooms, capacity and addresses again. */
export const createMeetingPollSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(4000),
  durationMinutes: z.number().int().min(5).max(720),
  deadline: z.date().nullable(),
  hideParticipants: z.boolean(),
  options: z
    .array(z.object({ startsAt: z.date(), roomId: z.string().nullable() }))
    .min(1)
    .max(30),
  memberIds: z.array(z.string()),
  guestEmails: z.array(z.string().trim().refine(isValidEmail, 'meeting-invitee-invalid')),
  seriesId: z.string().nullable(),
});

export type CreateMeetingPollInput = z.infer<typeof createMeetingPollSchema>;

/** Creates a poll with the caller as organizer and first invitee (create_meeting_poll); answers its id. */
export function useCreateMeetingPoll(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateMeetingPollInput) =>
      unwrap(
        await supabase.rpc('create_meeting_poll', {
          input_organization_id: organizationId,
          input_title: input.title.trim(),
          input_duration_minutes: input.durationMinutes,
          input_description: input.description.trim(),
          input_deadline: input.deadline?.toISOString(),
          input_hide_participants: input.hideParticipants,
          input_options: input.options.map((option) => ({
            starts_at: option.startsAt.toISOString(),
            room_id: option.roomId,
          })),
          input_member_ids: input.memberIds,
          input_guest_emails: input.guestEmails.map((email) => email.trim()),
          input_series_id: input.seriesId ?? undefined,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.polls(organizationId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { meetingKeys } from './keys';

export type SummaryInput = Pick<TablesInsert<'meeting_summaries'>, 'agenda' | 'notes' | 'decisions'>;
export type ActionItemInput = Pick<TablesInsert<'meeting_action_items'>, 'title' | 'owner_id' | 'due_on'> & {
  done: boolean;
};

/** Every write of the summary page refreshes that meeting's read. */
function useMeetingWrite<Input, Result>(meetingId: string, write: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.meeting(meetingId) }),
  });
}

/**
 * Writes the agenda, notes and decisions; the first save makes the summary. An update first, then an
 * insert when there was none: members may update only those three columns, which an upsert's
 * conflict update (every column sent) goes beyond.
 */
export function useSaveMeetingSummary(organizationId: string, meetingId: string) {
  return useMeetingWrite(meetingId, async (summary: SummaryInput) => {
    const updated = unwrap(
      await supabase
        .from('meeting_summaries')
        .update(summary)
        .eq('meeting_id', meetingId)
        .select('meeting_id'),
    );
    if (updated && updated.length > 0) return;
    unwrap(
      await supabase
        .from('meeting_summaries')
        .insert({ ...summary, meeting_id: meetingId, organization_id: organizationId })
        .select('meeting_id')
        .single(),
    );
  });
}

/** Marks an attendee present (true) or absent (false). */
export function useSetAttendance(meetingId: string) {
  return useMeetingWrite(
    meetingId,
    async ({ attendeeId, present }: { attendeeId: string; present: boolean }) => {
      unwrap(
        await supabase
          .from('meeting_attendees')
          .update({ present })
          .eq('id', attendeeId)
          .select('id')
          .single(),
      );
    },
  );
}

/** Adds an action item (no id) or changes one. */
export function useSaveActionItem(organizationId: string, meetingId: string) {
  return useMeetingWrite(meetingId, async ({ id, item }: { id?: string; item: ActionItemInput }) => {
    const { done, ...fields } = item;
    const doneAt = done ? new Date().toISOString() : null;
    unwrap(
      id
        ? await supabase
            .from('meeting_action_items')
            .update({ ...fields, done_at: doneAt })
            .eq('id', id)
            .select('id')
            .single()
        : await supabase
            .from('meeting_action_items')
            .insert({ ...fields, done_at: doneAt, meeting_id: meetingId, organization_id: organizationId })
            .select('id')
            .single(),
    );
  });
}

export function useDeleteActionItem(meetingId: string) {
  return useMeetingWrite(meetingId, async (itemId: string) => {
    unwrap(await supabase.from('meeting_action_items').delete().eq('id', itemId).select('id').single());
  });
}

/** Copies the open items of the series' previous meeting here, once each; answers how many. */
export function useCarryOverActionItems(meetingId: string) {
  return useMeetingWrite(meetingId, async () =>
    unwrap(await supabase.rpc('carry_over_action_items', { input_meeting_id: meetingId })),
  );
}

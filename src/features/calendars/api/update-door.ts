import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

export type DoorPatch = Pick<
  TablesUpdate<'calendar_doors'>,
  | 'title'
  | 'body'
  | 'media_id'
  | 'link_url'
  | 'link_label'
  | 'quiz_kind'
  | 'quiz_question'
  | 'quiz_options'
  | 'form_fields'
>;

export type DoorSave = {
  doorId: string;
  door: DoorPatch;
  /** Members-only: never part of the door's row, which the public reads once it opens. */
  secret: { quiz_answer: string | null; voucher_code: string | null };
};

/**
 * Saves a door's content, then its secrets in their own table when there is an answer or a code, and
 * deletes them when both are gone, so no empty row lingers.
 */
export function useUpdateDoor(calendarId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ doorId, door, secret }: DoorSave) => {
      unwrap(await supabase.from('calendar_doors').update(door).eq('id', doorId).select('id').single());
      if (secret.quiz_answer === null && secret.voucher_code === null) {
        unwrap(await supabase.from('calendar_door_secrets').delete().eq('door_id', doorId));
        return;
      }
      // Members may update only the answer and the code (column grants), so no upsert, which would
      // also set the keys: change the row if there is one, else add it.
      const updated = unwrap(
        await supabase.from('calendar_door_secrets').update(secret).eq('door_id', doorId).select('door_id'),
      );
      if ((updated ?? []).length > 0) return;
      unwrap(
        await supabase
          .from('calendar_door_secrets')
          .insert({ door_id: doorId, organization_id: organizationId, ...secret })
          .select('door_id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
  });
}

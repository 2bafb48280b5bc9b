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
 * Saves a door's content, then its secrets in their own table: an upsert when there is an answer or
 * a code, a delete when both are gone, so no empty row lingers.
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
      unwrap(
        await supabase
          .from('calendar_door_secrets')
          .upsert({ door_id: doorId, organization_id: organizationId, ...secret }, { onConflict: 'door_id' })
          .select('door_id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
  });
}

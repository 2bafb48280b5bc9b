import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

export type FormSettingsUpdate = Pick<
  TablesUpdate<'forms'>,
  | 'max_responses'
  | 'opens_at'
  | 'closes_at'
  | 'one_per_email'
  | 'closed_message'
  | 'display_mode'
  | 'confirmation_email'
>;

/** Saves the form's settings (a plain update; the table's checks refuse what the screen missed). */
export function useSaveFormSettings(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: FormSettingsUpdate) => {
      unwrap(await supabase.from('forms').update(update).eq('id', formId).select('id').single());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.form(formId) }),
  });
}

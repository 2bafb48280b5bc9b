import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/** What the editor's sections change on the calendar row (dates, texts, options, design). */
export type CalendarPatch = Pick<
  TablesUpdate<'calendars'>,
  | 'name'
  | 'starts_on'
  | 'ends_on'
  | 'door_time'
  | 'lock_past_doors'
  | 'show_past_doors'
  | 'requires_purchase'
  | 'rules_text'
  | 'consent_text'
  | 'marketing_consent_text'
  | 'reminder_time'
  | 'reminders_enabled'
  | 'auto_draw'
  | 'design'
  | 'published_at'
>;

/**
 * Saves part of a calendar. The database may refuse (the lottery guard, consent before publishing, a
 * period that would drop doors with entries); the form keeps what was typed and shows the message.
 */
export function useUpdateCalendar(calendarId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CalendarPatch) => {
      unwrap(await supabase.from('calendars').update(patch).eq('id', calendarId).select('id').single());
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.lists(organizationId) }),
      ]),
  });
}

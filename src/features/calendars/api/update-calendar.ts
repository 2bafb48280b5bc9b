import { useMutation, useQueryClient } from '@tanstack/react-query';
import { splitCampaignPatch } from '@/lib/campaign/split-patch';
import type { TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { calendarKeys } from './keys';

/** The campaign's columns an editor section may change (name, publication, texts, reminders, design). */
const CAMPAIGN_KEYS = [
  'name',
  'rules_text',
  'consent_text',
  'marketing_consent_text',
  'reminder_time',
  'reminders_enabled',
  'design',
  'published_at',
] as const satisfies readonly (keyof TablesUpdate<'campaigns'>)[];

type CampaignPatch = Pick<TablesUpdate<'campaigns'>, (typeof CAMPAIGN_KEYS)[number]>;

/** What the editor's sections change: the campaign's columns and the calendar's own (dates, options). */
export type CalendarPatch = CampaignPatch &
  Pick<
    TablesUpdate<'calendars'>,
    | 'starts_on'
    | 'ends_on'
    | 'door_time'
    | 'lock_past_doors'
    | 'show_past_doors'
    | 'requires_purchase'
    | 'auto_draw'
  >;

/**
 * Saves part of a calendar: the calendar's own columns first (a period that would drop doors with
 * entries is refused there), then the campaign's (the lottery guard and consent before publishing).
 * The database may refuse either; the form keeps what was typed and shows the message.
 */
export function useUpdateCalendar(calendarId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CalendarPatch) => {
      const { campaign, own } = splitCampaignPatch<CampaignPatch, TablesUpdate<'calendars'>>(
        patch,
        CAMPAIGN_KEYS,
      );
      if (Object.keys(own).length > 0)
        unwrap(await supabase.from('calendars').update(own).eq('id', calendarId).select('id').single());
      if (Object.keys(campaign).length > 0)
        unwrap(await supabase.from('campaigns').update(campaign).eq('id', calendarId).select('id').single());
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.calendar(calendarId) }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.lists(organizationId) }),
      ]),
  });
}

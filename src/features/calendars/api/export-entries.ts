import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const PAGE = 1000;

/**
 * Every entry of a calendar with its participant and door (the item's position is the day number), a page at a time (PostgREST caps a
 * response), for the CSV export. Called on demand by the statistics section, not cached.
 */
export async function fetchCalendarEntries(calendarId: string) {
  const rows = [];
  for (let from = 0; ; from += PAGE) {
    const page = unwrap(
      await supabase
        .from('campaign_entries')
        .select(
          'id, created_at, answer, is_correct, marketing_consent_id, consent:consents!campaign_entries_consent_id_fkey(text:consent_texts(body)), campaign_items(position), participants(email, name, phone)',
        )
        .eq('campaign_id', calendarId)
        .order('created_at')
        .order('id')
        .range(from, from + PAGE - 1),
    );
    rows.push(...(page ?? []));
    if ((page?.length ?? 0) < PAGE) return rows;
  }
}

import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

const PAGE = 1000;

/**
 * Every entry of a calendar with its participant and door, a page at a time (PostgREST caps a
 * response), for the CSV export. Called on demand by the statistics section, not cached.
 */
export async function fetchCalendarEntries(calendarId: string) {
  const rows = [];
  for (let from = 0; ; from += PAGE) {
    const page = unwrap(
      await supabase
        .from('calendar_entries')
        .select(
          'id, created_at, answer, is_correct, marketing_consent, consent:consents!calendar_entries_consent_id_fkey(text:consent_texts(body)), calendar_doors(day_number), calendar_participants(email, name, phone)',
        )
        .eq('calendar_id', calendarId)
        .order('created_at')
        .order('id')
        .range(from, from + PAGE - 1),
    );
    rows.push(...(page ?? []));
    if ((page?.length ?? 0) < PAGE) return rows;
  }
}

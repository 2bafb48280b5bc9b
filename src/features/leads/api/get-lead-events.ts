import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { oneOf } from '@/lib/one-of';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';

/** leads_events.kind, as its check constraint allows (migration 20261122101100_lead_history.sql). */
const HISTORY_KINDS = ['status_changed', 'note_changed'] as const;

export type HistoryEntry = {
  id: string;
  kind: (typeof HISTORY_KINDS)[number];
  fromStatus: string | null;
  toStatus: string | null;
  createdAt: string;
};

/** Status and note changes (leads_events); the owner organization reads them. */
export const leadEventsQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.events(leadId),
    queryFn: async (): Promise<HistoryEntry[]> => {
      const rows = unwrap(
        await supabase
          .from('leads_events')
          .select('id, kind, from_status, to_status, created_at')
          .eq('lead_id', leadId)
          .order('created_at', { ascending: false })
          .limit(200),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        kind: oneOf(HISTORY_KINDS, row.kind),
        fromStatus: row.from_status,
        toStatus: row.to_status,
        createdAt: row.created_at,
      }));
    },
  });

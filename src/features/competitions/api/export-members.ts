import type { Database } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export type ExportRow = Database['public']['Functions']['competition_export_rows']['Returns'][number];

/** One row per membership with the person, their team and their progress, for the CSV. */
export async function fetchCompetitionExportRows(competitionId: string): Promise<ExportRow[]> {
  return unwrap(await supabase.rpc('competition_export_rows', { input_competition_id: competitionId })) ?? [];
}

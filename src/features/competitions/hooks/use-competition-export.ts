import { useTranslation } from 'react-i18next';
import { buildCsv, csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { formatDateTime, osloDateKey } from '@/lib/format';
import { fetchCompetitionExportRows } from '../api/export-members';
import type { EditorCompetition } from '../api/get-competition';

/**
 * The statistics section's CSV: one row per membership with the team, the person and their progress,
 * `;`-separated UTF-8 with a byte-order mark as Excel in Norway reads it. Answers how many rows it wrote.
 */
export function useCompetitionExport(competition: EditorCompetition) {
  const { t } = useTranslation('competitions');
  return async () => {
    const rows = await fetchCompetitionExportRows(competition.id);
    const csv = buildCsv(
      [
        t('csv.team'),
        t('csv.group'),
        t('csv.role'),
        t('csv.status'),
        t('csv.name'),
        t('csv.email'),
        t('csv.phone'),
        t('csv.joinedAt'),
        t('csv.total'),
        t('csv.entries'),
        t('csv.marketing'),
      ],
      rows.map((row) => [
        row.team_name,
        row.group_name,
        row.role === 'captain' ? t('csv.captain') : t('csv.member'),
        row.status === 'pending' ? t('csv.pending') : t('csv.active'),
        row.name,
        row.email,
        row.phone,
        row.joined_at ? formatDateTime(row.joined_at) : '',
        // A decimal comma and no grouping: a number Excel in Norway reads as one.
        String(row.total).replace('.', ','),
        String(row.entries),
        row.marketing_consent ? t('csv.yes') : t('csv.no'),
      ]),
    );
    downloadFile(csvFileName(competition.name, 'deltakere', 'fyllopp', osloDateKey(new Date())), csv);
    return rows.length;
  };
}

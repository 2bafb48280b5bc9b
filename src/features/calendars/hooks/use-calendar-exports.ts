import { useTranslation } from 'react-i18next';
import { fetchCampaignDraws } from '@/lib/campaign/api/get-draws';
import { buildCsv, csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { formatDateTime, osloDateKey } from '@/lib/format';
import { fetchCalendarEntries } from '../api/export-entries';
import type { CalendarEditorData } from '../api/get-calendar';

const fileName = (name: string, what: string) => csvFileName(name, what, 'kalender', osloDateKey(new Date()));

/**
 * The two CSV downloads of the statistics section: every entry with its participant, and every
 * winner with the draw's seed and hash. Each answers how many rows it wrote.
 */
export function useCalendarExports({ calendar, prizes, doors }: CalendarEditorData) {
  const { t } = useTranslation('calendars');
  const yesNo = (value: boolean | null) => (value === null ? '' : value ? t('csv.yes') : t('csv.no'));

  const entries = async () => {
    const rows = await fetchCalendarEntries(calendar.id);
    const csv = buildCsv(
      [
        t('csv.door'),
        t('csv.time'),
        t('csv.email'),
        t('csv.name'),
        t('csv.phone'),
        t('csv.answer'),
        t('csv.correct'),
        t('csv.marketing'),
        t('csv.consent'),
      ],
      rows.map((row) => [
        String(row.campaign_items?.position ?? ''),
        formatDateTime(row.created_at),
        row.participants?.email ?? '',
        row.participants?.name ?? '',
        row.participants?.phone ?? '',
        row.answer,
        yesNo(row.is_correct),
        yesNo(row.marketing_consent_id !== null),
        row.consent?.text?.body ?? '',
      ]),
    );
    downloadFile(fileName(calendar.name, 'svar'), csv);
    return rows.length;
  };

  const winners = async () => {
    const draws = await fetchCampaignDraws(calendar.id);
    const dayOf = new Map(doors.map((door) => [door.id, door.day_number]));
    const prizeOf = new Map(prizes.map((prize) => [prize.id, prize.name]));
    const rows = draws.flatMap((draw) =>
      draw.campaign_draw_winners.map((winner) => [
        draw.item_id ? String(dayOf.get(draw.item_id) ?? '') : '',
        prizeOf.get(draw.prize_id) ?? '',
        String(winner.rank),
        winner.participants?.email ?? '',
        winner.participants?.name ?? '',
        winner.status,
        draw.drawn_at ? formatDateTime(draw.drawn_at) : '',
        draw.seed_hex,
        draw.entries_sha256,
      ]),
    );
    const csv = buildCsv(
      [
        t('csv.door'),
        t('csv.prize'),
        t('csv.rank'),
        t('csv.email'),
        t('csv.name'),
        t('csv.status'),
        t('csv.drawnAt'),
        t('csv.seed'),
        t('csv.hash'),
      ],
      rows,
    );
    downloadFile(fileName(calendar.name, 'vinnere'), csv);
    return rows.length;
  };

  return { entries, winners };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notification-store';
import { buildCsv } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatNumber, formatTime, osloDateKey } from '@/lib/format';
import { fetchAllLeads } from '../api/export-leads';
import type { LeadFilters } from '../types';

/**
 * The list's «Eksporter» button: every lead of the filter as a CSV Excel in Norway opens, with the
 * count read so far while it runs (`exporting`, null when idle).
 */
export function useLeadExport(organizationId: string, filters: LeadFilters) {
  const { t } = useTranslation('leads');
  const [exporting, setExporting] = useState<number | null>(null);
  const bought = filters.scope === 'bought';

  async function exportCsv() {
    setExporting(0);
    try {
      const all = await fetchAllLeads(organizationId, filters, setExporting);
      const csv = buildCsv(
        [
          t('csv.name'),
          t('csv.email'),
          t('csv.phone'),
          t('csv.company'),
          t('csv.postalCode'),
          t('csv.city'),
          t('csv.category'),
          t('csv.area'),
          t('csv.source'),
          t('csv.status'),
          t('csv.notes'),
          bought ? t('csv.boughtAt') : t('csv.createdAt'),
          // Bought leads: whose person asked for erasure, so an exported copy shows it too.
          ...(bought ? [t('csv.erasureRequested')] : []),
        ],
        all.map((lead) => [
          lead.name,
          lead.email,
          lead.phone,
          lead.company,
          lead.postal_code,
          lead.city,
          lead.category,
          lead.area,
          t(`source.${lead.source}`, { defaultValue: lead.source }),
          t(`status.${lead.status}`, { defaultValue: lead.status }),
          lead.notes,
          // «20.11.2026 10:30»: a date and time Excel in Norway reads as such.
          `${formatDate(lead.created_at)} ${formatTime(lead.created_at)}`,
          ...(bought ? [lead.erasure_requested_at ? formatDate(lead.erasure_requested_at) : ''] : []),
        ]),
      );
      downloadFile(`leads-${osloDateKey(Date.now())}.csv`, csv);
      notify({ message: t('list.exported', { formatted: formatNumber(all.length) }), tone: 'success' });
    } catch (error) {
      notify({ message: errorMessage(error), tone: 'error' });
    } finally {
      setExporting(null);
    }
  }

  return { exporting, exportCsv };
}

import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import layout from '@/components/page.module.css';
import { Table } from '@/components/table';
import type { TableColumn } from '@/components/table';
import { downloadFile } from '@/lib/download';
import { rejectedReportCsv } from '../utils/report';
import type { RejectedRow, RejectReason } from '../utils/validate';

/** The first rows are shown; the downloadable report has them all. */
const REJECTED_SHOWN = 100;

/** The rows the check or the server refused, with why, and the whole list as a CSV report. */
export function RejectedList({ rejected, headers }: { rejected: readonly RejectedRow[]; headers: string[] }) {
  const { t } = useTranslation('lead-import');
  if (rejected.length === 0) return null;
  const reasonText = (reason: RejectReason) => t(`reasons.${reason}`);

  const columns: TableColumn<RejectedRow>[] = [
    { key: 'row', header: t('row'), cell: (item) => item.row, align: 'end' },
    { key: 'reason', header: t('reason'), cell: (item) => reasonText(item.reason) },
    {
      key: 'values',
      header: t('values'),
      cell: (item) => item.values.filter((value) => value.trim() !== '').join(' · '),
    },
  ];

  function download() {
    const csv = rejectedReportCsv(headers, rejected, { row: t('row'), reason: t('reason'), reasonText });
    downloadFile(t('reportFileName'), csv);
  }

  return (
    <>
      <Table
        caption={t('rejectedCaption')}
        columns={columns}
        rows={rejected.slice(0, REJECTED_SHOWN)}
        rowKey={(item) => `${item.row}-${item.reason}`}
      />
      {rejected.length > REJECTED_SHOWN ? (
        <p className={layout.muted}>{t('rejectedMore', { shown: REJECTED_SHOWN, count: rejected.length })}</p>
      ) : null}
      <div className={layout.actions}>
        <Button variant="secondary" onClick={download}>
          {t('download')}
        </Button>
      </div>
    </>
  );
}

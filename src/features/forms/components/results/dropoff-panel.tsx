import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '@/components/table';
import { formatNumber } from '@/lib/format';
import type { DropoffFigures, DropoffLine, dropoffLines } from './results-data';
import styles from './results.module.css';

const percent = (share: number) => `${formatNumber(Math.round(share * 100))} %`;

/** How many visits reached each page and each question, as tables with a bar per row. */
export function DropoffPanel({
  lines,
  figures,
}: {
  lines: ReturnType<typeof dropoffLines>;
  figures: DropoffFigures;
}) {
  const { t } = useTranslation('forms-results');
  const columns = (first: string): TableColumn<DropoffLine>[] => [
    { key: 'label', header: first, cell: (line) => line.label },
    {
      key: 'sessions',
      header: t('dropoff.sessions'),
      cell: (line) => formatNumber(line.sessions),
      align: 'end',
    },
    {
      key: 'share',
      header: t('dropoff.share'),
      align: 'end',
      cell: (line) => (
        <span className={styles.shareCell}>
          <span className={styles.bar} aria-hidden="true">
            <span style={{ inlineSize: `${Math.round(line.share * 100)}%` }} />
          </span>
          {percent(line.share)}
        </span>
      ),
    },
  ];
  return (
    <section className={styles.panel} aria-labelledby="form-results-dropoff">
      <h3 id="form-results-dropoff">{t('dropoff.heading')}</h3>
      <p>
        {t('dropoff.intro', {
          started: formatNumber(figures.started),
          completed: formatNumber(figures.completed),
        })}
      </p>
      <Table
        caption={t('dropoff.pages')}
        columns={columns(t('dropoff.page'))}
        rows={lines.pages}
        rowKey={(line) => line.id}
      />
      <Table
        caption={t('dropoff.blocks')}
        columns={columns(t('dropoff.question'))}
        rows={lines.blocks}
        rowKey={(line) => line.id}
      />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { buildCsv, csvFileName } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { formatNumber } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import { useDayRange } from '@/lib/use-day-range';
import { popupResultsQueryOptions, type PopupResultRow } from '../../api/get-results';
import { DayChart } from './day-chart';
import { byDay, byDimension, totals, variantTotals, type Line } from './results-data';
import styles from './results.module.css';
import { VariantPanel } from './variant-panel';

const DIMENSIONS = ['page', 'device', 'source'] as const;
type Dimension = (typeof DIMENSIONS)[number];

/**
 * The editor's «Resultater»: a date range (the last 30 Oslo days first), the totals, views and
 * conversions per day, the A/B test with its verdict, and the figures by page, device and source.
 */
export function ResultsSection({
  popupId,
  variants,
}: {
  popupId: string;
  variants: { id: string; label: string }[];
}) {
  const { t } = useTranslation('popups');
  const { from, to, setFrom, setTo, range, backwards } = useDayRange();
  const results = useQuery(popupResultsQueryOptions(popupId, range.from, range.to));
  const rows = results.data;

  const label = (dimension: Dimension, key: string) =>
    dimension === 'device'
      ? t(`results.devices.${key === 'mobile' ? 'mobile' : 'desktop'}`)
      : key === ''
        ? t(dimension === 'page' ? 'results.unknownPage' : 'results.direct')
        : key;

  const columns = (dimension: Dimension): TableColumn<Line>[] => [
    {
      key: 'key',
      header: t(`results.by.${dimension}`),
      cell: (row) => label(dimension, row.key),
      compare: (a, b) => a.key.localeCompare(b.key, 'nb'),
    },
    ...(['views', 'closes', 'conversions'] as const).map((key) => ({
      key,
      header: t(`results.${key}`),
      align: 'end' as const,
      cell: (row: Line) => formatNumber(row[key]),
      compare: (a: Line, b: Line) => a[key] - b[key],
    })),
    {
      key: 'rate',
      header: t('results.rate'),
      align: 'end',
      cell: (row) => formatRate(row.rate),
      compare: (a, b) => (a.rate ?? -1) - (b.rate ?? -1),
    },
  ];

  const exportCsv = (data: readonly PopupResultRow[]) =>
    downloadFile(
      csvFileName('popup', 'resultater', 'popup', `${range.from}-${range.to}`),
      buildCsv(
        (['day', 'variant', 'page', 'device', 'source', 'views', 'closes', 'conversions'] as const).map(
          (key) => t(`results.csv.${key}`),
        ),
        data.map((row) => [
          row.day,
          row.label,
          row.page,
          row.device,
          row.source,
          String(row.views),
          String(row.closes),
          String(row.conversions),
        ]),
      ),
    );

  const sum = rows ? totals(rows) : null;
  return (
    <div className={styles.results}>
      <div className={styles.range}>
        <DateField label={t('results.from')} value={from} onChange={setFrom} max={to || undefined} />
        <DateField label={t('results.to')} value={to} onChange={setTo} min={from || undefined} />
        {rows?.length ? (
          <Button variant="secondary" onClick={() => exportCsv(rows)}>
            <Download aria-hidden /> {t('results.export')}
          </Button>
        ) : null}
      </div>
      {backwards ? <FormStatus tone="info">{t('results.rangeBackwards')}</FormStatus> : null}
      <FormStatus error={results.error} />
      {results.isPending ? <SkeletonText lines={6} /> : null}
      {rows && sum ? (
        <>
          <dl className={styles.figures} aria-label={t('results.totals')}>
            {(['views', 'closes', 'conversions'] as const).map((key) => (
              <div key={key}>
                <dt>{t(`results.${key}`)}</dt>
                <dd>{formatNumber(sum[key])}</dd>
              </div>
            ))}
            <div>
              <dt>{t('results.rate')}</dt>
              <dd>{formatRate(sum.rate)}</dd>
            </div>
          </dl>
          {rows.length === 0 ? <p>{t('results.empty')}</p> : null}
          <VariantPanel totals={variantTotals(rows, variants)} />
          <section aria-labelledby="popup-per-day">
            <h3 id="popup-per-day">{t('results.perDay')}</h3>
            <DayChart days={byDay(rows, range.from, range.to)} />
          </section>
          <div className={styles.dimensions}>
            {DIMENSIONS.map((dimension) => (
              // A plain group: the table is its own region, named by the same caption.
              <div key={dimension}>
                <h3>{t(`results.byTitle.${dimension}`)}</h3>
                <Table
                  caption={t(`results.byTitle.${dimension}`)}
                  hideCaption
                  columns={columns(dimension)}
                  rows={byDimension(rows, dimension)}
                  rowKey={(row) => row.key}
                  defaultSort={{ key: 'views', direction: 'descending' }}
                  empty={<p>{t('results.empty')}</p>}
                />
              </div>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

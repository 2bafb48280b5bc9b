import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import { useDayRange } from '@/lib/use-day-range';
import { checkoutFiguresQueryOptions, type CheckoutFigures } from '../../api/get-checkout-figures';
import { figureRates } from '../../utils/figure-rates';
import styles from './figures.module.css';

// Chart.js loads with the figures only, never with the rest of the app.
const DayChart = lazy(() => import('./day-chart'));

type SourceRow = CheckoutFigures['sources'][number];

const money = (ore: number | null) => (ore === null ? '–' : formatMoney(ore));

/**
 * A checkout's figures: a date range (the last 30 Oslo days first), the totals and rates, visitors and
 * orders per day (a chart with its table), and the same per source.
 */
export function FiguresView({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation('checkouts');
  const { from, to, setFrom, setTo, range, backwards } = useDayRange();
  const figures = useQuery(checkoutFiguresQueryOptions(checkoutId, range.from, range.to));
  const data = figures.data;

  const sourceColumns: TableColumn<SourceRow>[] = [
    {
      key: 'source',
      header: t('figures.source'),
      cell: (row) => row.source ?? t('figures.direct'),
      compare: (a, b) => (a.source ?? '').localeCompare(b.source ?? '', 'nb'),
      card: 'title',
    },
    ...(['visitors', 'started', 'orders'] as const).map((key) => ({
      key,
      header: t(`figures.${key}`),
      align: 'end' as const,
      cell: (row: SourceRow) => formatNumber(row[key]),
      compare: (a: SourceRow, b: SourceRow) => a[key] - b[key],
    })),
    {
      key: 'conversion',
      header: t('figures.conversion'),
      align: 'end',
      cell: (row) => formatRate(row.visitors > 0 ? row.orders / row.visitors : null),
    },
    {
      key: 'gross',
      header: t('figures.gross'),
      align: 'end',
      cell: (row) => formatMoney(row.grossOre),
      compare: (a, b) => a.grossOre - b.grossOre,
    },
  ];

  return (
    <div className={styles.view}>
      <div className={styles.range}>
        <DateField label={t('figures.from')} value={from} onChange={setFrom} max={to || undefined} />
        <DateField label={t('figures.to')} value={to} onChange={setTo} min={from || undefined} />
      </div>
      {backwards ? <FormStatus tone="info">{t('figures.rangeBackwards')}</FormStatus> : null}
      <FormStatus error={figures.error} />
      {figures.isPending ? <SkeletonText lines={6} /> : null}
      {data ? <Figures data={data} /> : null}
      {data ? (
        <section className={styles.section} aria-labelledby="checkout-sources">
          <h2 id="checkout-sources">{t('figures.sourcesTitle')}</h2>
          <p className={styles.muted}>{t('figures.sourcesHint')}</p>
          <Table
            caption={t('figures.sourcesTable')}
            hideCaption
            columns={sourceColumns}
            rows={data.sources}
            rowKey={(row) => row.source ?? ''}
            defaultSort={{ key: 'gross', direction: 'descending' }}
            empty={t('figures.noSources')}
          />
        </section>
      ) : null}
    </div>
  );
}

function Figures({ data }: { data: CheckoutFigures }) {
  const { t } = useTranslation('checkouts');
  const rates = figureRates(data);
  const { totals } = data;
  const items: { key: string; term: string; hint?: string; value: string }[] = [
    { key: 'visits', term: t('figures.visits'), value: formatNumber(totals.visits) },
    { key: 'visitors', term: t('figures.visitors'), value: formatNumber(totals.visitors) },
    {
      key: 'started',
      term: t('figures.started'),
      hint: t('figures.startedHint'),
      value: formatNumber(totals.started),
    },
    { key: 'orders', term: t('figures.orders'), value: formatNumber(totals.orders) },
    { key: 'conversion', term: t('figures.conversion'), value: formatRate(rates.conversion) },
    {
      key: 'revenue',
      term: t('figures.revenue'),
      hint: t('figures.revenueHint'),
      value: formatMoney(rates.revenueOre),
    },
    { key: 'averageOrder', term: t('figures.averageOrder'), value: money(rates.averageOrderOre) },
    { key: 'bumpRate', term: t('figures.bumpRate'), value: formatRate(rates.bumpRate) },
    {
      key: 'earningsPerVisitor',
      term: t('figures.earningsPerVisitor'),
      value: money(rates.earningsPerVisitorOre),
    },
    {
      key: 'refunds',
      term: t('figures.refunds'),
      value: t('figures.refundsValue', {
        count: formatNumber(totals.refunds),
        amount: formatMoney(totals.refundedOre),
      }),
    },
  ];
  return (
    <>
      <dl className={styles.figures} aria-label={t('figures.totals')}>
        {items.map((item) => (
          <div key={item.key}>
            <dt>
              {item.term}
              {item.hint ? <span className={styles.hint}>{item.hint}</span> : null}
            </dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <section className={styles.section} aria-labelledby="checkout-days">
        <h2 id="checkout-days">{t('figures.chartTitle')}</h2>
        <ul className={styles.legend} aria-hidden="true">
          <li>
            <span className={styles.lineVisitors} /> {t('figures.visitors')}
          </li>
          <li>
            <span className={styles.lineOrders} /> {t('figures.orders')}
          </li>
        </ul>
        <Suspense fallback={<div className={styles.chart} />}>
          <DayChart days={data.days} />
        </Suspense>
        <details>
          <summary>{t('figures.perDayTable')}</summary>
          <div className={styles.tableScroll}>
            <table>
              <caption className="visually-hidden">{t('figures.perDayTable')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('figures.day')}</th>
                  <th scope="col">{t('figures.visitors')}</th>
                  <th scope="col">{t('figures.started')}</th>
                  <th scope="col">{t('figures.orders')}</th>
                  <th scope="col">{t('figures.gross')}</th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{formatDate(`${day.day}T12:00:00Z`)}</th>
                    <td>{formatNumber(day.visitors)}</td>
                    <td>{formatNumber(day.started)}</td>
                    <td>{formatNumber(day.orders)}</td>
                    <td>{formatMoney(day.grossOre)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
    </>
  );
}

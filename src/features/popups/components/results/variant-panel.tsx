import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '@/components/table';
import {
  ALPHA,
  MIN_CONVERSIONS,
  MIN_VIEWS,
  abVerdict,
  variantFigures,
  type VariantFigures,
  type VariantTotals,
} from '@/lib/ab-test';
import { formatNumber } from '@/lib/format';
import { formatRate, formatUplift } from '@/lib/format-rate';
import styles from './results.module.css';

/** The A/B test: each variant's figures with its 95 % interval and uplift, and the verdict in words. */
export function VariantPanel({ totals }: { totals: readonly VariantTotals[] }) {
  const { t } = useTranslation('popups');
  const figures = variantFigures(totals);
  const verdict = abVerdict(figures);

  const columns: TableColumn<VariantFigures>[] = [
    {
      key: 'label',
      header: t('results.variant'),
      cell: (row) =>
        row.leader && figures.length > 1 ? t('results.leading', { label: row.label }) : row.label,
    },
    { key: 'views', header: t('results.views'), align: 'end', cell: (row) => formatNumber(row.views) },
    {
      key: 'conversions',
      header: t('results.conversions'),
      align: 'end',
      cell: (row) => formatNumber(row.conversions),
    },
    { key: 'rate', header: t('results.rate'), align: 'end', cell: (row) => formatRate(row.rate) },
    {
      key: 'interval',
      header: t('results.interval'),
      align: 'end',
      cell: (row) => (row.interval ? `${formatRate(row.interval[0])} – ${formatRate(row.interval[1])}` : '–'),
    },
    ...(figures.length > 1
      ? [
          {
            key: 'uplift',
            header: t('results.uplift'),
            align: 'end' as const,
            cell: (row: VariantFigures) => (row.uplift === null ? '–' : formatUplift(row.uplift)),
          },
          {
            key: 'p',
            header: t('results.pValue'),
            align: 'end' as const,
            cell: (row: VariantFigures) =>
              row.pValue === null
                ? '–'
                : row.pValue < 0.001
                  ? '< 0,001'
                  : formatNumber(Number(row.pValue.toFixed(3))),
          },
        ]
      : []),
  ];

  const sentence = (() => {
    switch (verdict.kind) {
      case 'single':
        return null;
      case 'winner':
        return t('results.verdict.winner', { label: verdict.label });
      case 'no_conversions':
        return t('results.verdict.noConversions');
      case 'same_rate':
        return t('results.verdict.sameRate');
      case 'more_views':
        return t('results.verdict.moreViews', { views: formatNumber(verdict.views) });
      case 'unclear':
        return t('results.verdict.unclear');
    }
  })();

  return (
    // A plain group: the table is its own region, named by the same caption.
    <div>
      <h3>{figures.length > 1 ? t('results.abTitle') : t('results.variantTitle')}</h3>
      <Table
        caption={t('results.abTitle')}
        hideCaption
        columns={columns}
        rows={figures}
        rowKey={(row) => row.id}
      />
      {sentence ? (
        <>
          <p className={styles.verdict} role="status">
            <strong>
              {verdict.kind === 'winner' ? t('results.verdict.winnerTitle') : t('results.verdict.tooEarly')}
            </strong>{' '}
            {sentence}
          </p>
          <details className={styles.method}>
            <summary>{t('results.method.title')}</summary>
            <p>
              {t('results.method.body', {
                alpha: formatNumber(ALPHA),
                views: formatNumber(MIN_VIEWS),
                conversions: formatNumber(MIN_CONVERSIONS),
              })}
            </p>
          </details>
        </>
      ) : null}
    </div>
  );
}

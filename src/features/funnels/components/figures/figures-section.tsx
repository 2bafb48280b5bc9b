import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import styles from '@/components/figures-tab.module.css';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { abVerdict, variantFigures, type VariantFigures } from '@/lib/ab-test';
import { formatMoney, formatNumber } from '@/lib/format';
import { formatRate, formatUplift } from '@/lib/format-rate';
import { useDayRange } from '@/lib/use-day-range';
import {
  funnelFiguresQueryOptions,
  type FunnelFigures,
  type StepFigures,
} from '../../api/get-funnel-figures';
import { isStepType, type FunnelStep } from '../../utils/steps';

// Chart.js loads with this tab only, never with the rest of the app.
const DropOffChart = lazy(() => import('./drop-off-chart'));

/** Accepted share of an offer's answers; null without answers. */
const acceptRate = (step: StepFigures) =>
  step.accepts + step.declines > 0 ? step.accepts / (step.accepts + step.declines) : null;

/**
 * «Tall»: a range of Oslo days (the last 30 first), the totals, the drop-off between the steps (a
 * chart with its table), each step's figures and, for a split-tested step, the A/B verdict.
 */
export function FiguresSection({ funnelId, steps }: { funnelId: string; steps: readonly FunnelStep[] }) {
  const { t } = useTranslation('funnels');
  const { from, to, setFrom, setTo, range, backwards } = useDayRange();
  const figures = useQuery(funnelFiguresQueryOptions(funnelId, range.from, range.to));
  const data = figures.data;
  return (
    <div className={styles.view}>
      <div className={styles.range}>
        <DateField label={t('figures.from')} value={from} onChange={setFrom} max={to || undefined} />
        <DateField label={t('figures.to')} value={to} onChange={setTo} min={from || undefined} />
      </div>
      {backwards ? <FormStatus tone="info">{t('figures.rangeBackwards')}</FormStatus> : null}
      <FormStatus error={figures.error} />
      {figures.isPending ? <SkeletonText lines={6} /> : null}
      {data ? <Figures data={data} steps={steps} /> : null}
    </div>
  );
}

function Figures({ data, steps }: { data: FunnelFigures; steps: readonly FunnelStep[] }) {
  const { t } = useTranslation('funnels');
  const ordered = [...data.steps].sort((a, b) => a.position - b.position);
  const typeName = (type: string) => (isStepType(type) ? t(`editor.stepTypes.${type}`) : type);
  const columns: TableColumn<StepFigures>[] = [
    {
      key: 'name',
      header: t('figures.step'),
      card: 'title',
      cell: (row) => `${row.name} (${typeName(row.type)})`,
    },
    { key: 'views', header: t('figures.views'), align: 'end', cell: (row) => formatNumber(row.views) },
    {
      key: 'visitors',
      header: t('figures.uniqueViews'),
      align: 'end',
      cell: (row) => formatNumber(row.visitors),
    },
    {
      key: 'optins',
      header: t('figures.optins'),
      align: 'end',
      cell: (row) => (row.type === 'optin' ? formatNumber(row.optins) : '–'),
    },
    { key: 'orders', header: t('figures.orders'), align: 'end', cell: (row) => formatNumber(row.orders) },
    {
      key: 'accept',
      header: t('figures.acceptRate'),
      align: 'end',
      cell: (row) => (row.type === 'offer' ? formatRate(acceptRate(row)) : '–'),
    },
    {
      key: 'revenue',
      header: t('figures.revenue'),
      align: 'end',
      cell: (row) => formatMoney(row.revenue_ore),
    },
  ];
  const tested = ordered.filter((step) => step.variants.length > 1);
  const names = new Map(steps.map((step) => [step.id, step.name]));

  return (
    <>
      <dl className={styles.figures} aria-label={t('figures.totals')}>
        <div>
          <dt>{t('figures.visitors')}</dt>
          <dd>{formatNumber(data.visitors)}</dd>
        </div>
        <div>
          <dt>
            {t('figures.revenue')}
            <span className={styles.hint}>{t('figures.revenueHint')}</span>
          </dt>
          <dd>{formatMoney(data.revenue_ore)}</dd>
        </div>
        <div>
          <dt>{t('figures.earningsPerVisitor')}</dt>
          <dd>{formatMoney(data.earnings_per_visitor_ore)}</dd>
        </div>
      </dl>
      <section className={styles.section} aria-labelledby="funnel-drop">
        <h2 id="funnel-drop">{t('figures.dropTitle')}</h2>
        <p className={styles.muted}>{t('figures.dropHint')}</p>
        {data.visitors === 0 ? <p>{t('figures.noFigures')}</p> : null}
        <Suspense fallback={<div className={styles.chart} />}>
          <DropOffChart steps={ordered.map((step) => ({ name: step.name, visitors: step.visitors }))} />
        </Suspense>
        <details>
          <summary>{t('figures.dropTitle')}</summary>
          <div className={styles.tableScroll}>
            <table>
              <caption className="visually-hidden">{t('figures.dropTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('figures.step')}</th>
                  <th scope="col">{t('figures.uniqueViews')}</th>
                  <th scope="col">{t('figures.ofPrevious')}</th>
                </tr>
              </thead>
              <tbody>
                {ordered.map((step, index) => {
                  const previous = index > 0 ? ordered[index - 1] : undefined;
                  return (
                    <tr key={step.step_id}>
                      <th scope="row">{step.name}</th>
                      <td>{formatNumber(step.visitors)}</td>
                      <td>
                        {previous && previous.visitors > 0
                          ? formatRate(step.visitors / previous.visitors)
                          : '–'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <section className={styles.section} aria-labelledby="funnel-steps-figures">
        <h2 id="funnel-steps-figures">{t('figures.stepsTitle')}</h2>
        <Table
          caption={t('figures.stepsTable')}
          hideCaption
          columns={columns}
          rows={ordered}
          rowKey={(row) => row.step_id}
          empty={t('figures.noFigures')}
        />
      </section>
      {tested.map((step) => (
        <VariantVerdict key={step.step_id} name={names.get(step.step_id) ?? step.name} step={step} />
      ))}
    </>
  );
}

/** A split-tested step: per variant its unique visitors and converters, and the shared A/B rule's verdict. */
function VariantVerdict({ name, step }: { name: string; step: StepFigures }) {
  const { t } = useTranslation('funnels');
  // Unique visitors against unique converters: one visitor counts once however often they return.
  const figures = variantFigures(
    step.variants.map((variant) => ({
      id: variant.label,
      label: variant.label,
      views: variant.visitors,
      conversions: variant.conversions,
    })),
  );
  const verdict = abVerdict(figures);
  const columns: TableColumn<VariantFigures>[] = [
    {
      key: 'label',
      header: t('figures.variant'),
      cell: (row) => (row.leader ? `${row.label} (${t('figures.leader')})` : row.label),
    },
    { key: 'views', header: t('figures.uniqueViews'), align: 'end', cell: (row) => formatNumber(row.views) },
    {
      key: 'conversions',
      header: t('figures.conversions'),
      align: 'end',
      cell: (row) => formatNumber(row.conversions),
    },
    { key: 'rate', header: t('figures.rate'), align: 'end', cell: (row) => formatRate(row.rate) },
    {
      key: 'interval',
      header: t('figures.interval'),
      align: 'end',
      cell: (row) => (row.interval ? `${formatRate(row.interval[0])} – ${formatRate(row.interval[1])}` : '–'),
    },
    {
      key: 'uplift',
      header: t('figures.uplift'),
      align: 'end',
      cell: (row) => (row.uplift === null ? '–' : formatUplift(row.uplift)),
    },
    {
      key: 'p',
      header: t('figures.pValue'),
      align: 'end',
      cell: (row) =>
        row.pValue === null
          ? '–'
          : row.pValue < 0.001
            ? '< 0,001'
            : formatNumber(Number(row.pValue.toFixed(3))),
    },
  ];
  const headingId = `funnel-variants-${step.step_id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('figures.variantsTitle', { name })}</h2>
      <p role="status">
        {verdict.kind === 'winner'
          ? t('figures.verdict.winner', { label: verdict.label })
          : verdict.kind === 'more_views'
            ? t('figures.verdict.more_views', { views: formatNumber(verdict.views) })
            : t(`figures.verdict.${verdict.kind}`)}
      </p>
      <Table
        caption={t('figures.variantsTitle', { name })}
        hideCaption
        columns={columns}
        rows={figures}
        rowKey={(row) => row.label}
      />
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import type { LifetimeValueReport } from '../api/get-report';
import { interval, kroner } from '../utils/report-tables';
import styles from './lifetime-value.module.css';
import { SmallSampleMark } from './small-sample-mark';

const decimal = (value: number) => value.toLocaleString('nb-NO', { maximumFractionDigits: 1 });

/** The totals of the filters' customers, each figure marked when it rests on too few of them. */
export function KeyFigures({ report, churnDays }: { report: LifetimeValueReport; churnDays: number }) {
  const { t } = useTranslation('lifetime-value');
  const headingId = useId();
  const { totals } = report;
  const figures = [
    { key: 'customers', term: t('figures.customers'), value: formatNumber(totals.customers) },
    {
      key: 'ltv',
      term: t('figures.ltv'),
      value: kroner(totals.ltv_ore),
      hint:
        totals.ltv_low_ore === null
          ? t('figures.noInterval')
          : t('figures.interval', { interval: interval(totals.ltv_low_ore, totals.ltv_high_ore) }),
    },
    { key: 'arpa', term: t('figures.arpa'), value: kroner(totals.arpa_ore), hint: t('figures.arpaHint') },
    {
      key: 'frequency',
      term: t('figures.frequency'),
      value: decimal(totals.purchase_frequency),
      hint: t('figures.frequencyHint'),
    },
    { key: 'repeat', term: t('figures.repeatRate'), value: formatRate(totals.repeat_rate) },
    {
      key: 'second',
      term: t('figures.daysToSecond'),
      value:
        totals.median_days_to_second === null
          ? '–'
          : t('figures.days', { days: formatNumber(totals.median_days_to_second) }),
      hint: t('figures.median'),
    },
    {
      key: 'churn',
      term: t('figures.churn'),
      value: formatRate(totals.churn_rate),
      hint: t('figures.churnHint', { days: churnDays }),
    },
    { key: 'predicted', term: t('figures.predicted'), value: kroner(totals.predicted_ltv_ore) },
  ];
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('figures.heading')}</h2>
      {totals.small_sample ? (
        <p className={styles.hint}>{t('sample.explain', { min: report.min_sample })}</p>
      ) : null}
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{figure.term}</dt>
            <dd>
              <span className={styles.figureValue}>{figure.value}</span>
              {figure.hint ? <span className={styles.hint}>{figure.hint}</span> : null}
              {totals.small_sample && figure.key !== 'customers' ? (
                <SmallSampleMark label={t('sample.mark')} />
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <details className={styles.method}>
        <summary>{t('method.summary')}</summary>
        <p>{t('method.customer')}</p>
        <p>{t('method.ltv')}</p>
        <p>{t('method.churn', { days: churnDays })}</p>
        <p>{t('method.predicted', { days: churnDays })}</p>
        <p>{t('method.sample', { min: report.min_sample })}</p>
      </details>
    </section>
  );
}

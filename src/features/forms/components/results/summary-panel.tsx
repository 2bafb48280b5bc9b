import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '@/components/table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { questionLabel, type Count, type QuestionSummary } from './results-data';
import styles from './results.module.css';

const BarChart = lazy(() => import('./bar-chart'));

const percent = (share: number) => `${formatNumber(Math.round(share * 100))} %`;
const decimal = (value: number) => formatNumber(Math.round(value * 10) / 10);

/** Per question: a chart with its table behind it (counts and shares), averages, NPS, latest texts. */
export function SummaryPanel({ summaries }: { summaries: readonly QuestionSummary[] }) {
  const { t } = useTranslation('forms-results');
  const columns: TableColumn<Count>[] = [
    { key: 'label', header: t('summary.option'), cell: (count) => count.label },
    { key: 'count', header: t('summary.count'), align: 'end', cell: (count) => formatNumber(count.count) },
    { key: 'share', header: t('summary.share'), align: 'end', cell: (count) => percent(count.share) },
  ];
  return (
    <section className={styles.panel} aria-labelledby="form-results-summary">
      <h3 id="form-results-summary">{t('summary.heading')}</h3>
      <ol className={styles.questions}>
        {summaries.map((summary) => (
          <li key={summary.block.id} className={styles.question}>
            <h4>{questionLabel(summary.block.label)}</h4>
            <p className={styles.muted}>
              {t('summary.answered', { count: summary.answered, formatted: formatNumber(summary.answered) })}
              {summary.kind === 'scale' || (summary.kind === 'number' && summary.average !== null)
                ? ` · ${t('summary.average', { value: decimal(summary.average ?? 0) })}`
                : null}
              {summary.kind === 'scale' && summary.nps !== null
                ? ` · ${t('summary.nps', { value: formatNumber(summary.nps) })}`
                : null}
            </p>
            {summary.answered === 0 ? (
              <p>{t('summary.noAnswers')}</p>
            ) : summary.kind === 'choice' || summary.kind === 'scale' ? (
              <>
                <Suspense fallback={<div className={styles.chartSpace} />}>
                  <BarChart counts={summary.counts} />
                </Suspense>
                <Table
                  caption={t('summary.caption', { label: questionLabel(summary.block.label) })}
                  hideCaption
                  columns={columns}
                  rows={summary.counts}
                  rowKey={(count) => count.id}
                />
              </>
            ) : summary.kind === 'text' ? (
              <>
                <p className={styles.muted}>{t('summary.latest')}</p>
                <ul className={styles.texts}>
                  {summary.latest.map((entry, index) => (
                    <li key={index}>
                      <span className={styles.muted}>{formatDateTime(entry.at)}</span> {entry.text}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

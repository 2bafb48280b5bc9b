import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { SkeletonText } from '@/components/skeleton';
import type { Cohort, CohortBasis, Cohorts } from '../api/get-cohorts';
import { cohortCellValue, kroner, monthText, type CohortView, type TextTable } from '../utils/report-tables';
import styles from './lifetime-value.module.css';
import { SmallSampleMark } from './small-sample-mark';

const LtvChart = lazy(() => import('./ltv-chart'));

/** The cell's shade, 0–1 of the largest value in the view (the number is always written in it). */
const shade = (value: number | null, max: number) => (value === null || max <= 0 ? 0 : value / max);

/**
 * Cohorts as a heat map: a table that scrolls sideways on a phone with the month column kept in
 * sight, each cell its number on a shade of the largest one.
 */
export function CohortsSection({
  cohorts,
  table,
  view,
  onViewChange,
  basis,
  onBasisChange,
}: {
  cohorts: UseQueryResult<Cohorts>;
  /** The table as shown (and exported). */
  table: TextTable<Cohort> | null;
  view: CohortView;
  onViewChange: (view: CohortView) => void;
  basis: CohortBasis;
  onBasisChange: (basis: CohortBasis) => void;
}) {
  const { t } = useTranslation('lifetime-value');
  const headingId = useId();
  const rows = cohorts.data?.cohorts ?? [];
  const offsets = table ? table.columns.filter((column) => /^m\d+$/.test(column.key)) : [];
  const max = Math.max(
    0,
    ...rows.flatMap((cohort) => cohort.cells.map((cell) => cohortCellValue(cohort, cell.offset, view) ?? 0)),
  );
  const revenueOf = (cohort: Cohort) => cohort.cells.reduce((sum, cell) => sum + cell.revenue_ore, 0);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('cohorts.heading')}</h2>
      <p className={styles.hint}>{t('cohorts.intro')}</p>
      <div className={styles.controls}>
        <NativeSelect
          label={t('cohorts.show')}
          value={view}
          onChange={(event) => onViewChange(event.target.value === 'retention' ? 'retention' : 'revenue')}
          options={[
            { value: 'revenue', label: t('cohorts.revenue') },
            { value: 'retention', label: t('cohorts.retention') },
          ]}
        />
        <NativeSelect
          label={t('cohorts.basis')}
          value={basis}
          onChange={(event) =>
            onBasisChange(event.target.value === 'first_touch' ? 'first_touch' : 'first_purchase')
          }
          options={[
            { value: 'first_purchase', label: t('cohorts.firstPurchase') },
            { value: 'first_touch', label: t('cohorts.firstTouch') },
          ]}
        />
      </div>
      <FormStatus error={cohorts.error} />
      {cohorts.isPending ? <SkeletonText lines={4} /> : null}
      {table && rows.length === 0 ? <p className={styles.hint}>{t('cohorts.empty')}</p> : null}
      {table && rows.length > 0 ? (
        <>
          {/* Focusable so keyboard users can scroll it sideways; named by its caption. */}
          <div
            className={styles.heatScroll}
            role="region"
            aria-labelledby={`${headingId}-caption`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container (WCAG 2.1.1)
            tabIndex={0}
          >
            <table className={styles.heatMap}>
              <caption id={`${headingId}-caption`} className="visually-hidden">
                {table.title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('cohorts.month')}</th>
                  <th scope="col">{t('columns.customers')}</th>
                  {offsets.map((column) => (
                    <th key={column.key} scope="col">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((cohort) => (
                  <tr key={cohort.month}>
                    <th scope="row">
                      {monthText(cohort.month)}
                      {cohort.small_sample ? (
                        <span>
                          <SmallSampleMark label={t('sample.mark')} short={t('sample.markShort')} />
                        </span>
                      ) : null}
                    </th>
                    <td>{cohort.customers}</td>
                    {offsets.map((column, offset) => {
                      const value = cohortCellValue(cohort, offset, view);
                      return (
                        <td
                          key={column.key}
                          style={{ '--heat': `${Math.round(shade(value, max) * 40)}%` } as CSSProperties}
                          data-empty={value === null || undefined}
                        >
                          {column.text(cohort)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {view === 'revenue' ? (
            <figure className={styles.figure}>
              <Suspense fallback={<SkeletonText lines={3} />}>
                <LtvChart
                  bars={rows.map((cohort) => ({
                    label: monthText(cohort.month),
                    value: revenueOf(cohort),
                  }))}
                />
              </Suspense>
              <figcaption className={styles.hint}>
                {t('cohorts.chartCaption', {
                  total: kroner(rows.reduce((sum, cohort) => sum + revenueOf(cohort), 0)),
                })}
              </figcaption>
            </figure>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

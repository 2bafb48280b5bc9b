import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import { SkeletonText } from '@/components/skeleton';
import { formatNumber } from '@/lib/format';
import {
  formDropoffQueryOptions,
  formResultRowsQueryOptions,
  formVersionsQueryOptions,
} from '../../api/get-results';
import { DropoffPanel } from './dropoff-panel';
import { ResponsesPanel } from './responses-panel';
import { dropoffLines, median, summarize } from './results-data';
import styles from './results.module.css';
import { SummaryPanel } from './summary-panel';

/** «2 min 5 s» from milliseconds. */
function useDuration() {
  const { t } = useTranslation('forms-results');
  return (ms: number | null) => {
    if (ms === null) return t('figures.none');
    const total = Math.round(ms / 1000);
    const [minutes, seconds] = [Math.floor(total / 60), total % 60];
    return minutes ? t('figures.minutes', { minutes, seconds }) : t('figures.seconds', { seconds });
  };
}

/**
 * A form's results, the editor's «Svar» tab: key figures, the responses (filters, detail, export),
 * a summary per question with charts, and the drop-off per page and question. Everything reads
 * through the members' row-level security and the form's result functions.
 */
export function ResultsSection({ formId }: { formId: string; organizationId: string }) {
  const { t } = useTranslation('forms-results');
  const versions = useQuery(formVersionsQueryOptions(formId));
  const rows = useQuery(formResultRowsQueryOptions(formId));
  const dropoff = useQuery(formDropoffQueryOptions(formId, null));
  const duration = useDuration();
  const completionRate = dropoff.data?.started ? dropoff.data.completed / dropoff.data.started : null;
  const latest = versions.data?.[0];
  const summaries = useMemo(
    () => (latest && rows.data ? summarize(latest.definition, rows.data) : []),
    [latest, rows.data],
  );
  const medianMs = useMemo(
    () => median((rows.data ?? []).flatMap((row) => (row.duration_ms === null ? [] : [row.duration_ms]))),
    [rows.data],
  );

  const error = versions.error ?? rows.error ?? dropoff.error;
  if (error) return <FormStatus error={error} />;
  if (!versions.data || !rows.data) return <SkeletonText lines={6} />;

  return (
    <div className={styles.results}>
      <dl className={styles.figures} aria-label={t('figures.label')}>
        <div>
          <dt>{t('figures.responses')}</dt>
          <dd>{formatNumber(rows.data.length)}</dd>
        </div>
        <div>
          <dt>{t('figures.completionRate')}</dt>
          <dd>
            {completionRate === null
              ? t('figures.none')
              : `${formatNumber(Math.round(completionRate * 100))} %`}
          </dd>
        </div>
        <div>
          <dt>{t('figures.medianTime')}</dt>
          <dd>{duration(medianMs)}</dd>
        </div>
      </dl>
      <ResponsesPanel formId={formId} versions={versions.data} rows={rows.data} duration={duration} />
      {latest ? <SummaryPanel summaries={summaries} /> : null}
      {latest && dropoff.data ? (
        <DropoffPanel lines={dropoffLines(latest.definition, dropoff.data)} figures={dropoff.data} />
      ) : null}
    </div>
  );
}

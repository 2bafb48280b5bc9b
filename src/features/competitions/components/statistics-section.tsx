import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { formatNumber } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCompetition } from '../api/get-competition';
import { competitionStatisticsQueryOptions } from '../api/get-statistics';
import { useCompetitionExport } from '../hooks/use-competition-export';
import styles from './competitions.module.css';
import { ProgressChart } from './progress-chart';

/** Participants, teams, the active share and the total, progress per day as a chart, and the CSV. */
export function StatisticsSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const statistics = useQuery(competitionStatisticsQueryOptions(competition.id));
  const download = useCompetitionExport(competition);
  const [busy, setBusy] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const exportButton = useKeepFocus(busy);

  const run = async () => {
    setExportError(null);
    setBusy(true);
    try {
      const count = await download();
      notify({ message: t('statistics.exported', { count }), tone: 'success' });
    } catch (error) {
      setExportError(error);
    } finally {
      setBusy(false);
    }
  };

  const figures = statistics.data;
  return (
    <div className={layout.form}>
      <FormStatus error={statistics.error} />
      {statistics.isPending ? <SkeletonText lines={4} /> : null}
      {figures ? (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{t('statistics.participants')}</dt>
              <dd>{formatNumber(figures.participants)}</dd>
            </div>
            <div>
              <dt>{t('statistics.members')}</dt>
              <dd>{formatNumber(figures.members)}</dd>
            </div>
            <div>
              <dt>{t('statistics.teams')}</dt>
              <dd>{formatNumber(figures.teams)}</dd>
            </div>
            <div>
              <dt>{t('statistics.activeShare')}</dt>
              <dd>
                {figures.active_share === null
                  ? t('statistics.activeShareNone')
                  : `${formatNumber(Math.round(figures.active_share * 100))} %`}
              </dd>
            </div>
            <div>
              <dt>{t('statistics.entries')}</dt>
              <dd>{formatNumber(figures.entries)}</dd>
            </div>
            <div>
              <dt>{t('statistics.rejected')}</dt>
              <dd>{formatNumber(figures.rejected_entries)}</dd>
            </div>
          </dl>
          <p>
            <strong>{t('statistics.total')}: </strong>
            {t('statistics.totalValue', {
              total: formatNumber(figures.total),
              goal: formatNumber(figures.goal),
              unit: competition.unit,
              percent: formatNumber(figures.percent),
            })}
          </p>
          <h3>{t('statistics.perDay')}</h3>
          {figures.days.length > 0 ? (
            <ProgressChart days={figures.days} unit={competition.unit} />
          ) : (
            <p className={layout.muted}>{t('statistics.noDays')}</p>
          )}
        </>
      ) : null}
      <div className={layout.actions}>
        <Button ref={exportButton} variant="secondary" loading={busy} onClick={() => void run()}>
          {t('statistics.export')}
        </Button>
      </div>
      <FormStatus error={exportError} />
    </div>
  );
}

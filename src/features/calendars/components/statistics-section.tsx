import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { formatNumber } from '@/lib/format';
import type { CalendarEditorData } from '../api/get-calendar';
import { calendarStatisticsQueryOptions } from '../api/get-statistics';
import { useCalendarExports } from '../hooks/use-calendar-exports';
import styles from './calendars.module.css';
import { DoorChart } from './door-chart';

/** The calendar's figures, entries per door as a chart with a table, and the CSV exports. */
export function StatisticsSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const statistics = useQuery(calendarStatisticsQueryOptions(data.calendar.id));
  const exports = useCalendarExports(data);
  const [exportError, setExportError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'entries' | 'winners' | null>(null);

  const run = async (kind: 'entries' | 'winners') => {
    setExportError(null);
    setBusy(kind);
    try {
      const rows = kind === 'entries' ? await exports.entries() : await exports.winners();
      notify({ message: t('statistics.exported', { count: rows }), tone: 'success' });
    } catch (error) {
      setExportError(error);
    } finally {
      setBusy(null);
    }
  };

  const figures = statistics.data;
  const rate = figures?.marketing_consent_rate;
  return (
    <div className={layout.form}>
      <FormStatus error={statistics.error} />
      {statistics.isPending ? <SkeletonText lines={4} /> : null}
      {figures ? (
        <>
          <dl className={styles.figures}>
            {(
              [
                ['statistics.visits', figures.visits],
                ['statistics.visitors', figures.visitors],
                ['statistics.participants', figures.participants],
                ['statistics.entries', figures.entries],
                ['statistics.newLeads', figures.new_leads],
                ['statistics.shares', figures.shares],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{formatNumber(value)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('statistics.consentRate')}</dt>
              <dd>
                {rate === null || rate === undefined
                  ? t('statistics.consentNotAsked')
                  : `${formatNumber(Math.round(rate * 100))} %`}
              </dd>
            </div>
          </dl>
          <h3>{t('statistics.perDoor')}</h3>
          <DoorChart doors={figures.doors} />
        </>
      ) : null}
      <div className={layout.actions}>
        <Button variant="secondary" loading={busy === 'entries'} onClick={() => void run('entries')}>
          {t('statistics.exportEntries')}
        </Button>
        <Button variant="secondary" loading={busy === 'winners'} onClick={() => void run('winners')}>
          {t('statistics.exportWinners')}
        </Button>
      </div>
      <FormStatus error={exportError} />
    </div>
  );
}

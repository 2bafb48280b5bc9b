import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@/lib/format';
import type { CompetitionStatistics } from '../api/get-statistics';
import styles from './competitions.module.css';

const BAR = 16;
const GAP = 4;
const HEIGHT = 160;
const day = (key: string) => formatDate(`${key}T12:00:00Z`);

/**
 * Accepted progress per Oslo day as bars, drawn in SVG with no chart library. The SVG is decorative
 * for screen readers (`aria-hidden`); the table under it carries the same figures.
 */
export function ProgressChart({ days, unit }: { days: CompetitionStatistics['days']; unit: string }) {
  const { t } = useTranslation('competitions');
  const max = Math.max(1, ...days.map((entry) => entry.amount));
  const width = Math.max(1, days.length) * (BAR + GAP);
  return (
    <figure className={styles.team}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT + 2}`}
        aria-hidden="true"
        preserveAspectRatio="xMinYMax meet"
      >
        <line className={styles.chartAxis} x1={0} x2={width} y1={HEIGHT + 1} y2={HEIGHT + 1} />
        {days.map((entry, index) => {
          const height = (entry.amount / max) * HEIGHT;
          return (
            <rect
              key={entry.date}
              className={styles.chartBar}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
            />
          );
        })}
      </svg>
      <details>
        <summary>{t('statistics.chartLabel', { unit })}</summary>
        <table>
          <caption className="visually-hidden">{t('statistics.chartLabel', { unit })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statistics.date')}</th>
              <th scope="col">{t('statistics.amount', { unit })}</th>
              <th scope="col">{t('statistics.entriesColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.date}>
                <th scope="row">{day(entry.date)}</th>
                <td>{formatNumber(entry.amount)}</td>
                <td>{formatNumber(entry.entries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

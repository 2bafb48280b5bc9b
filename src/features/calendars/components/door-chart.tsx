import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { CalendarStatistics } from '../api/get-statistics';
import styles from './calendars.module.css';

const BAR = 24;
const GAP = 8;
const HEIGHT = 160;

/**
 * Entries per door as bars (right answers inside), drawn in SVG with no chart library. The SVG is
 * decorative for screen readers (`aria-hidden`); the table beside it carries the same figures.
 */
export function DoorChart({ doors }: { doors: CalendarStatistics['doors'] }) {
  const { t } = useTranslation('calendars');
  const max = Math.max(1, ...doors.map((door) => door.entries));
  const width = Math.max(1, doors.length) * (BAR + GAP);
  return (
    <figure className={styles.form}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        aria-hidden="true"
        preserveAspectRatio="xMinYMax meet"
      >
        {doors.map((door, index) => {
          const x = index * (BAR + GAP);
          const height = (door.entries / max) * HEIGHT;
          const correct = (door.correct / max) * HEIGHT;
          return (
            <g key={door.day_number}>
              <rect className={styles.chartBar} x={x} y={HEIGHT - height} width={BAR} height={height} />
              <rect
                className={styles.chartCorrect}
                x={x + 6}
                y={HEIGHT - correct}
                width={BAR - 12}
                height={correct}
              />
              <text x={x + BAR / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="10" fill="currentColor">
                {door.day_number}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary>{t('statistics.perDoorCaption')}</summary>
        <table>
          <caption className="visually-hidden">{t('statistics.perDoorCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('doors.day')}</th>
              <th scope="col">{t('statistics.entries')}</th>
              <th scope="col">{t('statistics.correct')}</th>
            </tr>
          </thead>
          <tbody>
            {doors.map((door) => (
              <tr key={door.day_number}>
                <th scope="row">{door.day_number}</th>
                <td>{formatNumber(door.entries)}</td>
                <td>{formatNumber(door.correct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import type { Line } from './results-data';
import styles from './results.module.css';

const BAR = 12;
const GAP = 4;
const HEIGHT = 160;
const day = (key: string) => formatDate(`${key}T12:00:00Z`);

/**
 * Views per Oslo day as bars with the conversions inside them, drawn in SVG. The SVG is decorative
 * for screen readers (`aria-hidden`); the table under it carries the same figures.
 */
export function DayChart({ days }: { days: readonly Line[] }) {
  const { t } = useTranslation('popups');
  const max = Math.max(1, ...days.map((entry) => entry.views));
  const width = Math.max(1, days.length) * (BAR + GAP);
  return (
    <figure className={styles.results}>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={styles.swatchViews} /> {t('results.views')}
        </li>
        <li>
          <span className={styles.swatchConversions} /> {t('results.conversions')}
        </li>
      </ul>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${HEIGHT + 2}`}
        aria-hidden="true"
        preserveAspectRatio="xMinYMax meet"
      >
        <line className={styles.axis} x1={0} x2={width} y1={HEIGHT + 1} y2={HEIGHT + 1} />
        {days.map((entry, index) => {
          const views = (entry.views / max) * HEIGHT;
          const conversions = (entry.conversions / max) * HEIGHT;
          const x = index * (BAR + GAP);
          return (
            <g key={entry.key}>
              <rect className={styles.views} x={x} y={HEIGHT - views} width={BAR} height={views} />
              <rect
                className={styles.conversions}
                x={x + 2}
                y={HEIGHT - conversions}
                width={BAR - 4}
                height={conversions}
              />
            </g>
          );
        })}
      </svg>
      <details>
        <summary>{t('results.perDayTable')}</summary>
        <table>
          <caption className="visually-hidden">{t('results.perDayTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('results.day')}</th>
              <th scope="col">{t('results.views')}</th>
              <th scope="col">{t('results.closes')}</th>
              <th scope="col">{t('results.conversions')}</th>
              <th scope="col">{t('results.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.key}>
                <th scope="row">{day(entry.key)}</th>
                <td>{formatNumber(entry.views)}</td>
                <td>{formatNumber(entry.closes)}</td>
                <td>{formatNumber(entry.conversions)}</td>
                <td>{formatRate(entry.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

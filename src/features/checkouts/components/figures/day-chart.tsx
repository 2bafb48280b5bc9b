import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { useEffect, useRef } from 'react';
import { countChartOptions, cssToken } from '@/lib/chart-theme';
import { formatDate } from '@/lib/format';
import type { CheckoutFigures } from '../../api/get-checkout-figures';
import styles from './figures.module.css';

// Only the parts a line chart needs, so the chunk stays small (docs/decisions.md).
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale);

/**
 * Unique visitors and paid orders per Oslo day as two lines. Decorative for screen readers: the
 * table beside it (FiguresView) holds the same figures.
 */
export default function DayChart({ days }: { days: CheckoutFigures['days'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const muted = cssToken(element, '--color-text-muted');
    const chart = new Chart(context, {
      type: 'line',
      data: {
        labels: days.map((day) => formatDate(`${day.day}T12:00:00Z`)),
        datasets: [
          {
            data: days.map((day) => day.visitors),
            borderColor: cssToken(element, '--color-border-strong') || muted,
            backgroundColor: muted,
            borderDash: [4, 4],
            pointRadius: 0,
          },
          {
            data: days.map((day) => day.orders),
            borderColor: cssToken(element, '--color-primary'),
            backgroundColor: cssToken(element, '--color-primary'),
            pointRadius: days.length > 45 ? 0 : 2,
          },
        ],
      },
      options: countChartOptions(element, { maxTicksLimit: 8 }),
    });
    return () => chart.destroy();
  }, [days]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatDate } from '@/lib/format';
import type { CheckoutFigures } from '../../api/get-checkout-figures';
import styles from './figures.module.css';

// Only the parts a line chart needs, so the chunk stays small (docs/decisions.md).
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale);

/** A token's value for the canvas, which cannot read CSS variables itself. */
const token = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim();

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
    const muted = token(element, '--color-text-muted');
    const chart = new Chart(context, {
      type: 'line',
      data: {
        labels: days.map((day) => formatDate(`${day.day}T12:00:00Z`)),
        datasets: [
          {
            data: days.map((day) => day.visitors),
            borderColor: token(element, '--color-border-strong') || muted,
            backgroundColor: muted,
            borderDash: [4, 4],
            pointRadius: 0,
          },
          {
            data: days.map((day) => day.orders),
            borderColor: token(element, '--color-primary'),
            backgroundColor: token(element, '--color-primary'),
            pointRadius: days.length > 45 ? 0 : 2,
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        events: [],
        scales: {
          x: { ticks: { color: muted, maxTicksLimit: 8, maxRotation: 0 }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: { precision: 0, color: muted },
            grid: { color: token(element, '--color-border') },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

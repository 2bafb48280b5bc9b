import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Count } from './results-data';
import styles from './results.module.css';

// Only the parts a bar chart needs, so the chunk stays small (docs/decisions.md).
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

/** A token's value for the canvas, which cannot read CSS variables itself. */
const token = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim();

/**
 * Horizontal bars of a question's counts. Decorative for screen readers: the table under it holds
 * the same figures.
 */
export default function BarChart({ counts }: { counts: readonly Count[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    // Without a 2D context (a browser that cannot draw) the table under the chart says it all.
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const text = token(element, '--color-text-muted');
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: counts.map((count) => count.label),
        datasets: [
          { data: counts.map((count) => count.count), backgroundColor: token(element, '--color-primary') },
        ],
      },
      options: {
        indexAxis: 'y',
        animation: false,
        maintainAspectRatio: false,
        events: [],
        scales: {
          x: {
            beginAtZero: true,
            ticks: { precision: 0, color: text },
            grid: { color: token(element, '--color-border') },
          },
          y: { ticks: { color: text }, grid: { display: false } },
        },
      },
    });
    return () => chart.destroy();
  }, [counts]);
  return (
    <div className={styles.chart} style={{ blockSize: `${Math.max(6, counts.length * 2.25)}rem` }}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

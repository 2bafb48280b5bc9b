import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';
import { useEffect, useRef } from 'react';
import styles from '@/components/figures-tab.module.css';

// Only the parts a bar chart needs, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

/** A token's value for the canvas, which cannot read CSS variables itself. */
const token = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim();

/**
 * Unique visitors per step in order, as bars: where people drop off. Decorative for screen readers:
 * the table beside it (FiguresSection) holds the same figures.
 */
export default function DropOffChart({ steps }: { steps: { name: string; visitors: number }[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const muted = token(element, '--color-text-muted');
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: steps.map((step) => step.name),
        datasets: [
          { data: steps.map((step) => step.visitors), backgroundColor: token(element, '--color-primary') },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        events: [],
        scales: {
          x: { ticks: { color: muted, maxRotation: 0, autoSkip: false }, grid: { display: false } },
          y: {
            beginAtZero: true,
            ticks: { precision: 0, color: muted },
            grid: { color: token(element, '--color-border') },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [steps]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';
import { useEffect, useRef } from 'react';
import styles from '@/components/figures-tab.module.css';
import { countChartOptions, cssToken } from '@/lib/chart-theme';

// Only the parts a bar chart needs, so the chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

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
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: steps.map((step) => step.name),
        datasets: [
          { data: steps.map((step) => step.visitors), backgroundColor: cssToken(element, '--color-primary') },
        ],
      },
      options: countChartOptions(element, { autoSkip: false }),
    });
    return () => chart.destroy();
  }, [steps]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

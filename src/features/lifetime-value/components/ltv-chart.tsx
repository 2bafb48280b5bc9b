import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';
import { useEffect, useRef } from 'react';
import { countChartOptions, cssToken } from '@/lib/chart-theme';
import styles from './lifetime-value.module.css';

// Only the parts a bar chart needs, so the chunk stays small (docs/decisions.md).
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

export type ChartBar = { label: string; value: number; low?: number | null; high?: number | null };

/**
 * Bars in kroner, with a thin floating bar beside each for its 95 % interval where there is one.
 * Decorative for screen readers: the table beside it holds the same figures.
 */
export default function LtvChart({ bars }: { bars: readonly ChartBar[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const kroner = (ore: number) => Math.round(ore / 100);
    const withIntervals = bars.some((bar) => bar.low != null && bar.high != null);
    // Every label shown (a source or month is never skipped), slanted when they do not fit side by side.
    const options = countChartOptions(element, { autoSkip: false });
    options.scales.x.ticks = { ...options.scales.x.ticks, maxRotation: 60 };
    // Floating bars ([low, high]) beside plain ones: the data is numbers or pairs.
    const chart = new Chart<'bar', (number | [number, number] | null)[], string>(context, {
      type: 'bar',
      data: {
        labels: bars.map((bar) => bar.label),
        datasets: [
          {
            data: bars.map((bar) => kroner(bar.value)),
            backgroundColor: cssToken(element, '--color-primary'),
          },
          ...(withIntervals
            ? [
                {
                  data: bars.map((bar): [number, number] | null =>
                    bar.low != null && bar.high != null ? [kroner(bar.low), kroner(bar.high)] : null,
                  ),
                  backgroundColor: cssToken(element, '--color-text-muted'),
                  barPercentage: 0.25,
                },
              ]
            : []),
        ],
      },
      options,
    });
    return () => chart.destroy();
  }, [bars]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

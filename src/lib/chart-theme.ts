/** A design token's value for a canvas, which cannot read CSS variables itself. */
export const cssToken = (element: Element, name: string) =>
  getComputedStyle(element).getPropertyValue(name).trim();

/**
 * The figures tabs' charts' shared options: drawn at once and not interactive (the table beside each
 * chart holds the same figures for everyone), counts from zero, in the design's colours.
 */
export function countChartOptions(element: Element, xTicks: { autoSkip?: boolean; maxTicksLimit?: number }) {
  const muted = cssToken(element, '--color-text-muted');
  return {
    animation: false as const,
    maintainAspectRatio: false,
    events: [],
    scales: {
      x: { ticks: { color: muted, maxRotation: 0, ...xTicks }, grid: { display: false } },
      y: {
        beginAtZero: true,
        ticks: { precision: 0, color: muted },
        grid: { color: cssToken(element, '--color-border') },
      },
    },
  };
}

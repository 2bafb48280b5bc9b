import type { VariantTotals } from '@/lib/ab-test';
import { addDays } from '@/lib/format';
import type { PopupResultRow } from '../../api/get-results';

export interface Counts {
  views: number;
  closes: number;
  conversions: number;
}

export interface Line extends Counts {
  key: string;
  /** conversions / views, null without views. */
  rate: number | null;
}

const zero = (): Counts => ({ views: 0, closes: 0, conversions: 0 });
const add = (into: Counts, row: Counts) => {
  into.views += row.views;
  into.closes += row.closes;
  into.conversions += row.conversions;
};
const withRate = (key: string, counts: Counts): Line => ({
  key,
  ...counts,
  rate: counts.views > 0 ? counts.conversions / counts.views : null,
});

export function totals(rows: readonly PopupResultRow[]): Line {
  const sum = zero();
  for (const row of rows) add(sum, row);
  return withRate('total', sum);
}

/** The sums by one dimension (page, device or source), most views first. */
export function byDimension(
  rows: readonly PopupResultRow[],
  dimension: 'page' | 'device' | 'source',
): Line[] {
  const sums = new Map<string, Counts>();
  for (const row of rows) {
    const key = row[dimension];
    const sum = sums.get(key) ?? zero();
    add(sum, row);
    sums.set(key, sum);
  }
  return [...sums].map(([key, counts]) => withRate(key, counts)).sort((a, b) => b.views - a.views);
}

/** Every day from `from` to `to` (both included), a day without figures as zeros. */
export function byDay(rows: readonly PopupResultRow[], from: string, to: string): Line[] {
  const sums = new Map<string, Counts>();
  for (const row of rows) {
    const sum = sums.get(row.day) ?? zero();
    add(sum, row);
    sums.set(row.day, sum);
  }
  const days: Line[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDays(day, 1)) {
    days.push(withRate(day, sums.get(day) ?? zero()));
  }
  return days;
}

/** Each variant's views and conversions; a variant without figures in the range has zeros. */
export function variantTotals(
  rows: readonly PopupResultRow[],
  variants: readonly { id: string; label: string }[],
): VariantTotals[] {
  return variants.map((variant) => {
    const sum = zero();
    for (const row of rows) if (row.variantId === variant.id) add(sum, row);
    return { id: variant.id, label: variant.label, views: sum.views, conversions: sum.conversions };
  });
}

/**
 * The A/B verdict (docs/popups.md «The A/B verdict»): each variant's conversion rate (views →
 * conversions) with a 95 % Wilson interval, a two-proportion z-test (pooled) of each variant against
 * the leader, Holm-corrected when there are 3–4 variants. A winner only when every comparison has
 * p < 0.05 and every variant has at least MIN_VIEWS views and MIN_CONVERSIONS conversions; otherwise
 * «too early», with how many more views the observed rates would need (below).
 */

export const ALPHA = 0.05;
export const MIN_VIEWS = 300;
export const MIN_CONVERSIONS = 10;
const POWER = 0.8;

export interface VariantTotals {
  id: string;
  label: string;
  views: number;
  conversions: number;
}

export interface VariantFigures extends VariantTotals {
  /** 0–1, null without views. */
  rate: number | null;
  /** The 95 % Wilson interval of the rate, null without views. */
  interval: [number, number] | null;
  /** (rate − leader's) / leader's; null for the leader itself or when it has no conversions. */
  uplift: number | null;
  /** The test against the leader, Holm-adjusted; null for the leader. */
  pValue: number | null;
  leader: boolean;
}

export type Verdict =
  | { kind: 'single' }
  | { kind: 'winner'; label: string }
  /** No variant has a conversion yet: nothing to compare. */
  | { kind: 'no_conversions' }
  /** The rates are the same: no sample would tell them apart. */
  | { kind: 'same_rate' }
  /** At the current rates, about this many more views in all (spread over the variants). */
  | { kind: 'more_views'; views: number }
  /** Big enough for the observed difference, and still no clear difference: it may be chance. */
  | { kind: 'unclear' };

/** The standard normal distribution function (Abramowitz & Stegun 7.1.26, error < 1.5 × 10⁻⁷). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The z with normalCdf(z) = p, by bisection (precise enough for sample sizes). */
export function normalQuantile(p: number): number {
  let [low, high] = [-10, 10];
  for (let step = 0; step < 80; step += 1) {
    const middle = (low + high) / 2;
    if (normalCdf(middle) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const Z95 = normalQuantile(1 - ALPHA / 2);

/** The 95 % Wilson score interval of x successes in n trials. */
export function wilsonInterval(x: number, n: number, z = Z95): [number, number] | null {
  if (n <= 0) return null;
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The two-sided p-value of the pooled two-proportion z-test; 1 when it cannot tell (no variance). */
export function twoProportionP(x1: number, n1: number, x2: number, n2: number): number {
  if (n1 <= 0 || n2 <= 0) return 1;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return 1;
  const z = (x1 / n1 - x2 / n2) / se;
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

/** Holm's step-down adjustment of p-values, in their own order. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

/**
 * Views per variant to detect rates p1 and p2 apart with 80 % power at a two-sided α (the usual
 * normal approximation: (z₁₋α/₂·√(2p̄(1−p̄)) + z₀.₈·√(p1(1−p1) + p2(1−p2)))² / (p1 − p2)²).
 */
export function sampleSizePerVariant(p1: number, p2: number, alpha = ALPHA): number {
  const mean = (p1 + p2) / 2;
  const a = normalQuantile(1 - alpha / 2) * Math.sqrt(2 * mean * (1 - mean));
  const b = normalQuantile(POWER) * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil(((a + b) * (a + b)) / ((p1 - p2) * (p1 - p2)));
}

const rateOf = (variant: VariantTotals) => (variant.views > 0 ? variant.conversions / variant.views : 0);

/** Each variant's figures against the leader (the highest rate; a tie goes to the earlier label). */
export function variantFigures(variants: readonly VariantTotals[]): VariantFigures[] {
  const sorted = [...variants].sort((a, b) => a.label.localeCompare(b.label));
  const leader = sorted.reduce<VariantTotals | undefined>(
    (best, variant) => (!best || rateOf(variant) > rateOf(best) ? variant : best),
    undefined,
  );
  const others = sorted.filter((variant) => variant !== leader);
  const raw = others.map((variant) =>
    leader ? twoProportionP(variant.conversions, variant.views, leader.conversions, leader.views) : 1,
  );
  const adjusted = raw.length > 1 ? holm(raw) : raw;
  return sorted.map((variant) => {
    const isLeader = variant === leader;
    const leaderRate = leader ? rateOf(leader) : 0;
    return {
      ...variant,
      rate: variant.views > 0 ? variant.conversions / variant.views : null,
      interval: wilsonInterval(variant.conversions, variant.views),
      uplift: isLeader || leaderRate === 0 ? null : (rateOf(variant) - leaderRate) / leaderRate,
      pValue: isLeader ? null : (adjusted[others.indexOf(variant)] ?? null),
      leader: isLeader,
    };
  });
}

/**
 * The verdict on the variants' totals. «More views» is the sum over the variants of what each lacks
 * of the larger of: the minimum sample, the views that would give it MIN_CONVERSIONS at its current
 * rate, and the sample size for 80 % power at α divided by the comparisons (Bonferroni: the most
 * Holm can ask) for the smallest observed difference from the leader.
 */
export function abVerdict(figures: readonly VariantFigures[]): Verdict {
  if (figures.length < 2) return { kind: 'single' };
  const leader = figures.find((variant) => variant.leader);
  if (!leader || leader.conversions === 0) return { kind: 'no_conversions' };
  const others = figures.filter((variant) => !variant.leader);
  const enough = figures.every(
    (variant) => variant.views >= MIN_VIEWS && variant.conversions >= MIN_CONVERSIONS,
  );
  const significant = others.every((variant) => (variant.pValue ?? 1) < ALPHA);
  if (enough && significant) return { kind: 'winner', label: leader.label };

  const leaderRate = rateOf(leader);
  if (others.some((variant) => rateOf(variant) === leaderRate)) return { kind: 'same_rate' };
  const alpha = ALPHA / others.length;
  const power = Math.max(
    ...others.map((variant) => sampleSizePerVariant(leaderRate, rateOf(variant), alpha)),
  );
  const missing = figures.reduce((sum, variant) => {
    const rate = rateOf(variant);
    const forConversions = rate > 0 ? Math.ceil(MIN_CONVERSIONS / rate) : 0;
    const need = Math.max(MIN_VIEWS, forConversions, significant ? 0 : power);
    return sum + Math.max(0, need - variant.views);
  }, 0);
  return missing > 0 ? { kind: 'more_views', views: missing } : { kind: 'unclear' };
}

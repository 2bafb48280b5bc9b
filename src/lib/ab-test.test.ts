import {
  abVerdict,
  holm,
  normalCdf,
  normalQuantile,
  sampleSizePerVariant,
  twoProportionP,
  variantFigures,
  wilsonInterval,
  type VariantTotals,
} from './ab-test';

// Expected values computed independently with SciPy (scipy.stats.norm) from the formulas in
// ab-test.ts: p = 2·norm.sf(|z|), z = (p1 − p2) / √(p̄(1 − p̄)(1/n1 + 1/n2)).

const v = (label: string, views: number, conversions: number): VariantTotals => ({
  id: `id-${label}`,
  label,
  views,
  conversions,
});

describe('the distribution functions', () => {
  it.each([
    [0, 0.5],
    [1.959963984540054, 0.975],
    [1.2345, 0.8914916766373298],
    [-1.2345, 1 - 0.8914916766373298],
  ])('normalCdf(%s) = %s', (z, p) => expect(normalCdf(z)).toBeCloseTo(p, 6));

  it.each([
    [0.975, 1.959963984540054],
    [0.8, 0.8416212335729143],
    [0.9875, 2.241402727604947],
  ])('normalQuantile(%s) = %s', (p, z) => expect(normalQuantile(p)).toBeCloseTo(z, 5));
});

describe('wilsonInterval', () => {
  it.each([
    // 50/1000: centre (0.05 + 1.92/1000)/1.00384; SciPy: 0.038130, 0.065314.
    [50, 1000, 0.03813026, 0.06531382],
    [80, 1000, 0.06474804, 0.09846644],
    // No conversions in 10 views: from 0 up to 27.8 %, never a negative rate.
    [0, 10, 0, 0.2775328],
  ])('%i of %i: [%s, %s]', (x, n, low, high) => {
    const [a, b] = wilsonInterval(x, n) ?? [NaN, NaN];
    expect(a).toBeCloseTo(low, 6);
    expect(b).toBeCloseTo(high, 6);
  });

  it('has none without views', () => expect(wilsonInterval(0, 0)).toBeNull());
});

describe('twoProportionP', () => {
  it.each([
    // 5 % vs 8 % of 1000: p̄ 0.065, se 0.011025, z −2.7211 → 0.0065066.
    [50, 1000, 80, 1000, 0.0065066],
    // 2.25 % vs 7.5 % of 400: z −3.4478 → 0.00056521.
    [9, 400, 30, 400, 0.00056521],
    // 5.5 % vs 5 % of 1000: z 0.5013 → 0.61617.
    [55, 1000, 50, 1000, 0.61617],
    // 5 % vs 7.3 %: z −2.1407 → 0.032297.
    [50, 1000, 73, 1000, 0.032297],
  ])('%i/%i vs %i/%i: p = %s', (x1, n1, x2, n2, p) =>
    expect(twoProportionP(x1, n1, x2, n2)).toBeCloseTo(p, 5),
  );

  it('cannot tell without variance or views', () => {
    expect(twoProportionP(0, 100, 0, 100)).toBe(1);
    expect(twoProportionP(0, 0, 5, 100)).toBe(1);
  });
});

describe('holm', () => {
  it('multiplies the smallest by m, the next by m − 1, never below an earlier one', () => {
    // Sorted 0.01, 0.03 → 0.02, max(0.02, 0.03) = 0.03; in their own order.
    expect(holm([0.03, 0.01])).toEqual([0.03, 0.02]);
    // 0.04·3 = 0.12, then 0.02·… : sorted 0.02, 0.04, 0.5 → 0.06, 0.08, 0.5.
    const [a, b, c] = holm([0.04, 0.5, 0.02]);
    expect(a).toBeCloseTo(0.08, 10);
    expect(b).toBeCloseTo(0.5, 10);
    expect(c).toBeCloseTo(0.06, 10);
  });
});

describe('sampleSizePerVariant', () => {
  it.each([
    // SciPy: (1.95996·√(2·0.0525·0.9475) + 0.84162·√(0.055·0.945 + 0.05·0.95))² / 0.005² = 31233.4.
    [0.055, 0.05, 0.05, 31234],
    // At α 0.025 (two comparisons): 1282.4.
    [0.08, 0.05, 0.025, 1283],
  ])('%s vs %s at α %s: %i', (p1, p2, alpha, n) =>
    expect(Math.abs(sampleSizePerVariant(p1, p2, alpha) - n)).toBeLessThanOrEqual(1),
  );
});

describe('abVerdict', () => {
  const verdict = (...variants: VariantTotals[]) => abVerdict(variantFigures(variants));

  it('says nothing about one variant', () => expect(verdict(v('A', 5000, 200))).toEqual({ kind: 'single' }));

  it('names the winner when the test and the sample say so', () =>
    // p 0.0065 < 0.05; 1000 views and 50, 80 conversions each.
    expect(verdict(v('A', 1000, 50), v('B', 1000, 80))).toEqual({ kind: 'winner', label: 'B' }));

  it('waits for the minimum sample even when p is small', () =>
    // p 0.00057, but B has 9 conversions: at 2.25 % it needs ⌈10 / 0.0225⌉ = 445 views, 45 more; A has 400 ≥ 300.
    expect(verdict(v('A', 400, 30), v('B', 400, 9))).toEqual({ kind: 'more_views', views: 45 }));

  it('says how many more views a small difference needs', () => {
    // p 0.616; 31 234 views per variant for 5.5 % vs 5 % → 2 × (31 234 − 1000) ≈ 60 468 more.
    const result = verdict(v('A', 1000, 50), v('B', 1000, 55));
    expect(result.kind).toBe('more_views');
    if (result.kind === 'more_views') expect(Math.abs(result.views - 60_468)).toBeLessThanOrEqual(2);
  });

  it('corrects for three variants (Holm): two p of 0.032 are no winner', () => {
    // B 7.3 % vs A and C at 5 %: each p 0.0323 < 0.05, Holm: 2 × 0.0323 = 0.0646 ≥ 0.05.
    const figures = variantFigures([v('A', 1000, 50), v('B', 1000, 73), v('C', 1000, 50)]);
    expect(figures.map((figure) => figure.pValue?.toFixed(4) ?? null)).toEqual(['0.0646', null, '0.0646']);
    expect(abVerdict(figures).kind).toBe('more_views');
  });

  it('names a winner of three when Holm still allows it', () =>
    // 5 % vs 8 %: p 0.0065 each; Holm 0.013 < 0.05.
    expect(verdict(v('A', 1000, 50), v('B', 1000, 80), v('C', 1000, 50))).toEqual({
      kind: 'winner',
      label: 'B',
    }));

  it('says when the rates are the same', () =>
    expect(verdict(v('A', 500, 25), v('B', 500, 25))).toEqual({ kind: 'same_rate' }));

  it('says when nothing has converted yet', () =>
    expect(verdict(v('A', 100, 0), v('B', 120, 0))).toEqual({ kind: 'no_conversions' }));
});

describe('variantFigures', () => {
  it('gives rates, intervals and the uplift against the leader', () => {
    const [a, b] = variantFigures([v('B', 1000, 80), v('A', 1000, 50)]);
    expect(a).toMatchObject({ label: 'A', rate: 0.05, leader: false });
    expect(a?.uplift).toBeCloseTo(-0.375, 10);
    expect(a?.pValue).toBeCloseTo(0.0065066, 5);
    expect(b).toMatchObject({ label: 'B', rate: 0.08, leader: true, uplift: null, pValue: null });
  });

  it('has no rate without views', () =>
    expect(variantFigures([v('A', 0, 0)])[0]).toMatchObject({ rate: null, interval: null }));
});

import { describe, expect, it } from 'vitest';
import { vatByRate, vatIncluded } from './vat';

describe('vatIncluded', () => {
  it.each([
    [49900, 25, 9980],
    [12500, 25, 2500],
    [11500, 15, 1500],
    [11200, 12, 1200],
    [9900, 0, 0],
    // 1 øre at 25 %: 0.2 rounds to 0; 3 øre: 0.6 rounds to 1.
    [1, 25, 0],
    [3, 25, 1],
  ])('%i øre incl. %i %% MVA holds %i øre of VAT', (total, rate, vat) => {
    expect(vatIncluded(total, rate)).toBe(vat);
  });
});

describe('vatByRate', () => {
  it('sums the lines per rate, highest first, each split into eks. mva and MVA', () => {
    expect(
      vatByRate([
        { totalOre: 49900, ratePercent: 25 },
        { totalOre: 11500, ratePercent: 15 },
        { totalOre: 9900, ratePercent: 25 },
      ]),
    ).toEqual([
      { ratePercent: 25, netOre: 47840, vatOre: 11960, totalOre: 59800 },
      { ratePercent: 15, netOre: 10000, vatOre: 1500, totalOre: 11500 },
    ]);
  });

  it('answers nothing for no lines', () => {
    expect(vatByRate([])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { packValue, splitVat, withVat } from '@/lib/pricing';

describe('pricing', () => {
  it('adds 25 % MVA to a price eks. mva, in whole øre as the database does', () => {
    expect(withVat(89_000)).toEqual({ netOre: 89_000, vatOre: 22_250, totalOre: 111_250 });
    expect(withVat(2)).toEqual({ netOre: 2, vatOre: 1, totalOre: 3 });
    expect(withVat(0)).toEqual({ netOre: 0, vatOre: 0, totalOre: 0 });
  });

  it('splits a charged total back into price and VAT', () => {
    expect(splitVat(111_250)).toEqual({ netOre: 89_000, vatOre: 22_250, totalOre: 111_250 });
    expect(splitVat(250_000)).toEqual({ netOre: 200_000, vatOre: 50_000, totalOre: 250_000 });
  });

  it('shows what a lead costs from a pack and the saving, rounded down', () => {
    expect(packValue({ priceOre: 89_000, units: 10, unitsPerLead: 1, onDemandOre: 9_900 })).toEqual({
      perLeadOre: 8_900,
      savingPercent: 10,
    });
    // Two klipp a lead at 149 kr on demand: 10 klipp for 700 kr is 140 kr a lead.
    expect(packValue({ priceOre: 70_000, units: 10, unitsPerLead: 2, onDemandOre: 14_900 })).toEqual({
      perLeadOre: 14_000,
      savingPercent: 6,
    });
    expect(packValue({ priceOre: 9_500, units: 100, unitsPerLead: 100, onDemandOre: 9_900 })).toEqual({
      perLeadOre: 9_500,
      savingPercent: 4,
    });
  });

  it('has nothing to compare without an on-demand price or a price per lead', () => {
    expect(packValue({ priceOre: 1, units: 1, unitsPerLead: 0, onDemandOre: 9_900 })).toBeNull();
    expect(packValue({ priceOre: 1, units: 1, unitsPerLead: 1, onDemandOre: 0 })).toBeNull();
  });
});

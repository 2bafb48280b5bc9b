/**
 * MVA on prices that include it (docs/checkouts.md «Prices and MVA»): a consumer's price holds its
 * rate's VAT, which a receipt states per rate (bokføringsforskriften § 5-1). Whole øre, halves away
 * from zero, as the database's order functions compute it.
 */
export const VAT_RATES = [25, 15, 12, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The VAT inside an amount incl. MVA at `ratePercent`. */
export function vatIncluded(totalOre: number, ratePercent: number): number {
  return Math.round((totalOre * ratePercent) / (100 + ratePercent));
}

export interface VatLine {
  /** The line's amount incl. MVA, after any discount. */
  totalOre: number;
  ratePercent: number;
}

export interface VatSum {
  ratePercent: number;
  /** Eks. mva. */
  netOre: number;
  vatOre: number;
  /** Inkl. mva. */
  totalOre: number;
}

/** The lines' amounts summed per rate, highest rate first, each split into eks. mva and MVA. */
export function vatByRate(lines: readonly VatLine[]): VatSum[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.ratePercent, (totals.get(line.ratePercent) ?? 0) + line.totalOre);
  return [...totals]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, totalOre]) => {
      const vatOre = vatIncluded(totalOre, ratePercent);
      return { ratePercent, netOre: totalOre - vatOre, vatOre, totalOre };
    });
}

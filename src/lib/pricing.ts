/**
 * The marketplace's one price model (docs/payments.md «Prices and VAT»). Prices are stored and shown
 * without VAT («eks. mva», the way businesses compare prices); a card pays the price plus 25 % MVA,
 * rounded to whole øre as the database's private.with_vat does. A pack is a volume discount: its
 * price per lead is below the on-demand price (a database rule), and the saving is shown.
 */
export const VAT_RATE = 0.25;

export type PriceWithVat = { netOre: number; vatOre: number; totalOre: number };

/** A price without VAT and what the card is charged for it. */
export function withVat(netOre: number): PriceWithVat {
  const vatOre = Math.round(netOre * VAT_RATE);
  return { netOre, vatOre, totalOre: netOre + vatOre };
}

/** An amount a card was charged (incl. mva) split into price and VAT, as on a receipt. */
export function splitVat(totalOre: number): PriceWithVat {
  const vatOre = Math.round((totalOre * VAT_RATE) / (1 + VAT_RATE));
  return { netOre: totalOre - vatOre, vatOre, totalOre };
}

export type PackValue = { perLeadOre: number; savingPercent: number };

/**
 * What a lead costs from a pack of `units` tickets or credits for `priceOre`, when a lead costs
 * `unitsPerLead` of them, and how much that saves on `onDemandOre` (rounded down, never overstated).
 * Null when there is nothing to compare with.
 */
export function packValue(input: {
  priceOre: number;
  units: number;
  unitsPerLead: number | null | undefined;
  onDemandOre: number | null | undefined;
}): PackValue | null {
  const { priceOre, units, unitsPerLead, onDemandOre } = input;
  if (!unitsPerLead || !onDemandOre || units <= 0) return null;
  const perLeadOre = Math.round((priceOre * unitsPerLead) / units);
  const savingPercent = Math.max(
    0,
    Math.floor((1 - (priceOre * unitsPerLead) / (units * onDemandOre)) * 100),
  );
  return { perLeadOre, savingPercent };
}

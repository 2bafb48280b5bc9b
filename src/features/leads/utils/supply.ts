/**
 * How many buyers a lead may still get. A listing's «antall kjøpere» is a promise to whoever buys
 * through it: at most that many organizations get the lead, counting those who bought it through its
 * earlier listings (`earlier_buyers`). The database keeps the promise (migration
 * 20261124110000_lead_supply.sql refuses a listing that would break it); the lead page shows the
 * same figures from `lead_supply` so the seller knows why before trying.
 */
export type LeadSupply = {
  /** Buyers so far (completed purchases and card reservations) over all the lead's listings. */
  sold: number;
  /** The fewest buyers any sale promised; null before the first sale. */
  promised: number | null;
  /** How many more may buy it; null while nothing is promised (1–100 per listing then). */
  remaining: number | null;
  /** Sold through an exclusive listing: never advertised again. */
  soldExclusively: boolean;
};

export const NO_SUPPLY_LIMIT: LeadSupply = {
  sold: 0,
  promised: null,
  remaining: null,
  soldExclusively: false,
};

/** Whether a new listing may be made at all, and for how many buyers at most. */
export type AdvertiseAllowance =
  | { kind: 'sold-exclusively' }
  | { kind: 'exhausted'; sold: number }
  | { kind: 'shared'; sold: number; promised: number; remaining: number }
  | { kind: 'free' };

export function advertiseAllowance(supply: LeadSupply): AdvertiseAllowance {
  if (supply.soldExclusively) return { kind: 'sold-exclusively' };
  if (supply.promised === null || supply.remaining === null) return { kind: 'free' };
  if (supply.remaining <= 0) return { kind: 'exhausted', sold: supply.sold };
  return { kind: 'shared', sold: supply.sold, promised: supply.promised, remaining: supply.remaining };
}

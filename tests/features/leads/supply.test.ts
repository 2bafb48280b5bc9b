import { advertiseAllowance, NO_SUPPLY_LIMIT } from '@/features/leads/utils/supply';
import { soldOfListing } from '@/lib/listings/sold';

describe('advertiseAllowance', () => {
  it('leaves an unsold lead free (1–100 buyers)', () => {
    expect(advertiseAllowance(NO_SUPPLY_LIMIT)).toEqual({ kind: 'free' });
  });

  it('closes an exclusively sold lead for good', () => {
    expect(advertiseAllowance({ sold: 1, promised: 1, remaining: 0, soldExclusively: true })).toEqual({
      kind: 'sold-exclusively',
    });
  });

  it('closes a shared lead sold to all it promised', () => {
    expect(advertiseAllowance({ sold: 3, promised: 3, remaining: 0, soldExclusively: false })).toEqual({
      kind: 'exhausted',
      sold: 3,
    });
  });

  it('leaves a shared lead open for the buyers that remain', () => {
    expect(advertiseAllowance({ sold: 1, promised: 3, remaining: 2, soldExclusively: false })).toEqual({
      kind: 'shared',
      sold: 1,
      promised: 3,
      remaining: 2,
    });
  });
});

describe('soldOfListing', () => {
  it('is the listing’s own count without earlier buyers', () => {
    expect(soldOfListing({ earlierBuyers: 0, buyersCount: 1, maxBuyers: 1 })).toEqual({ sold: 1, max: 1 });
  });

  it('counts the lead’s earlier buyers, so a listing for one more is never shown as exclusive', () => {
    expect(soldOfListing({ earlierBuyers: 2, buyersCount: 0, maxBuyers: 1 })).toEqual({ sold: 2, max: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckoutFigures } from '../api/get-checkout-figures';
import { figureRates } from './figure-rates';

const figures = (totals: Partial<CheckoutFigures['totals']>): CheckoutFigures => ({
  totals: {
    visits: 0,
    visitors: 0,
    started: 0,
    orders: 0,
    grossOre: 0,
    bumpOrders: 0,
    refunds: 0,
    refundedOre: 0,
    ...totals,
  },
  days: [],
  sources: [],
});

describe('figureRates', () => {
  it('derives conversion, order value, bump take rate and earnings per visitor from the counts', () => {
    expect(
      figureRates(
        figures({
          visits: 260,
          visitors: 200,
          started: 40,
          orders: 10,
          grossOre: 549000,
          bumpOrders: 3,
          refundedOre: 49900,
        }),
      ),
    ).toEqual({
      conversion: 0.05,
      startRate: 0.2,
      averageOrderOre: 54900,
      bumpRate: 0.3,
      earningsPerVisitorOre: 2496,
      revenueOre: 499100,
    });
  });

  it('has no rate where nothing divides it', () => {
    expect(figureRates(figures({}))).toEqual({
      conversion: null,
      startRate: null,
      averageOrderOre: null,
      bumpRate: null,
      earningsPerVisitorOre: null,
      revenueOre: 0,
    });
  });
});

import type { CheckoutFigures } from '../api/get-checkout-figures';

export interface FigureRates {
  /** Paid orders ÷ unique visitors. */
  conversion: number | null;
  /** Buyers who gave an e-mail ÷ unique visitors. */
  startRate: number | null;
  /** Gross ÷ paid orders, in øre. */
  averageOrderOre: number | null;
  /** Orders with the bump ÷ paid orders. */
  bumpRate: number | null;
  /** (Gross − refunded) ÷ unique visitors, in øre. */
  earningsPerVisitorOre: number | null;
  /** Gross − refunded, in øre. */
  revenueOre: number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The rates the page shows, from the database's counts (null where the divisor is zero). */
export function figureRates({ totals }: CheckoutFigures): FigureRates {
  const revenueOre = totals.grossOre - totals.refundedOre;
  const perVisitor = ratio(revenueOre, totals.visitors);
  const perOrder = ratio(totals.grossOre, totals.orders);
  return {
    conversion: ratio(totals.orders, totals.visitors),
    startRate: ratio(totals.started, totals.visitors),
    averageOrderOre: perOrder === null ? null : Math.round(perOrder),
    bumpRate: ratio(totals.bumpOrders, totals.orders),
    earningsPerVisitorOre: perVisitor === null ? null : Math.round(perVisitor),
    revenueOre,
  };
}

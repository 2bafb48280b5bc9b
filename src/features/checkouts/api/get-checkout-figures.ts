import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { checkoutKeys } from './keys';

const counts = {
  visits: z.number(),
  visitors: z.number(),
  started: z.number(),
  orders: z.number(),
  gross_ore: z.number(),
};

// checkout_figures answers jsonb: read it once here, so the screens get plain numbers.
const figuresSchema = z.object({
  totals: z.object({ ...counts, bump_orders: z.number(), refunds: z.number(), refunded_ore: z.number() }),
  days: z.array(z.object({ day: z.string(), ...counts })),
  sources: z.array(z.object({ source: z.string().nullable(), ...counts })),
});

export interface FigureCounts {
  visits: number;
  /** Unique visitors (hashed page ids). */
  visitors: number;
  /** Buyers who gave their e-mail. */
  started: number;
  /** Paid orders of the checkout itself (not upsells). */
  orders: number;
  /** What those orders paid, incl. MVA, before refunds. */
  grossOre: number;
}

export interface CheckoutFigures {
  totals: FigureCounts & { bumpOrders: number; refunds: number; refundedOre: number };
  /** Every Oslo day of the range, oldest first. */
  days: (FigureCounts & { day: string })[];
  /** By utm_source or referrer; null is «direkte». */
  sources: (FigureCounts & { source: string | null })[];
}

type CountRow = { visits: number; visitors: number; started: number; orders: number; gross_ore: number };

const countsOf = (row: CountRow): FigureCounts => ({
  visits: row.visits,
  visitors: row.visitors,
  started: row.started,
  orders: row.orders,
  grossOre: row.gross_ore,
});

/** One checkout's figures from `from` to `to` (Oslo days, both included), counted in the database. */
export const checkoutFiguresQueryOptions = (checkoutId: string, from: string, to: string) =>
  queryOptions({
    queryKey: checkoutKeys.figures(checkoutId, from, to),
    queryFn: async (): Promise<CheckoutFigures> => {
      const data = figuresSchema.parse(
        unwrap(
          await supabase.rpc('checkout_figures', {
            input_checkout_id: checkoutId,
            input_from: from,
            input_to: to,
          }),
        ),
      );
      return {
        totals: {
          ...countsOf(data.totals),
          bumpOrders: data.totals.bump_orders,
          refunds: data.totals.refunds,
          refundedOre: data.totals.refunded_ore,
        },
        days: data.days.map((row) => ({ day: row.day, ...countsOf(row) })),
        sources: data.sources.map((row) => ({ source: row.source, ...countsOf(row) })),
      };
    },
  });

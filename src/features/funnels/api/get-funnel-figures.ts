import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { funnelKeys } from './keys';

const count = z.coerce.number();

// funnel_figures answers jsonb: read it once here, so the screens get plain numbers.
const figuresSchema = z.object({
  steps: z.array(
    z.object({
      step_id: z.string(),
      name: z.string(),
      type: z.string(),
      position: count,
      views: count,
      visitors: count,
      optins: count,
      clicks: count,
      orders: count,
      accepts: count,
      declines: count,
      revenue_ore: count,
      variants: z.array(z.object({ label: z.string(), views: count, visitors: count, conversions: count })),
    }),
  ),
  revenue_ore: count,
  visitors: count,
  earnings_per_visitor_ore: count,
});

export type FunnelFigures = z.infer<typeof figuresSchema>;
export type StepFigures = FunnelFigures['steps'][number];

/** One funnel's figures per step and variant between two Oslo days, both included (funnel_figures). */
export const funnelFiguresQueryOptions = (funnelId: string, from: string, to: string) =>
  queryOptions({
    queryKey: funnelKeys.figures(funnelId, from, to),
    queryFn: async (): Promise<FunnelFigures> =>
      figuresSchema.parse(
        unwrap(
          await supabase.rpc('funnel_figures', { input_funnel_id: funnelId, input_from: from, input_to: to }),
        ),
      ),
  });

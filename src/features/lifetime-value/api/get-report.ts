import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';
import { commonParams, type ReportFilters } from './report-params';

const count = z.coerce.number();
const maybe = count.nullable();
const source = z.enum(Constants.public.Enums.lead_source);

// lifetime_value_report answers jsonb: read it once here, so the screen gets plain numbers.
const reportSchema = z.object({
  min_sample: count,
  totals: z.object({
    customers: count,
    purchases: count,
    revenue_ore: count,
    arpa_ore: count,
    ltv_ore: count,
    ltv_low_ore: maybe,
    ltv_high_ore: maybe,
    purchase_frequency: count,
    repeat_rate: count,
    median_days_to_second: maybe,
    churn_rate: maybe,
    predicted_ltv_ore: maybe,
    small_sample: z.boolean(),
  }),
  sources: z.array(
    z.object({
      source,
      customers: count,
      revenue_ore: count,
      ltv_ore: count,
      ltv_low_ore: maybe,
      ltv_high_ore: maybe,
      repeat_rate: count,
      small_sample: z.boolean(),
    }),
  ),
  campaigns: z.array(
    z.object({
      campaign_id: z.string(),
      name: z.string(),
      kind: z.string(),
      customers: count,
      revenue_ore: count,
      ltv_ore: count,
      ltv_low_ore: maybe,
      ltv_high_ore: maybe,
      small_sample: z.boolean(),
    }),
  ),
});

export type LifetimeValueReport = z.infer<typeof reportSchema>;
export type SourceRow = LifetimeValueReport['sources'][number];
export type CampaignRow = LifetimeValueReport['campaigns'][number];

/** The key figures and the sources' and campaigns' LTV for the filters (lifetime_value_report). */
export const reportQueryOptions = (filters: ReportFilters, churnDays: number) =>
  queryOptions({
    queryKey: lifetimeValueKeys.report(filters, churnDays),
    queryFn: async (): Promise<LifetimeValueReport> =>
      reportSchema.parse(
        unwrap(
          await supabase.rpc('lifetime_value_report', {
            ...commonParams(filters),
            input_churn_days: churnDays,
          }),
        ),
      ),
  });

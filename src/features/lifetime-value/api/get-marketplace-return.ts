import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';

const count = z.coerce.number();

const marketplaceSchema = z.object({
  min_sample: count,
  rows: z.array(
    z.object({
      marketplace_id: z.string(),
      marketplace_name: z.string(),
      category: z.string().nullable(),
      leads_bought: count,
      cost_ore: count,
      customers: count,
      revenue_ore: count,
      cost_per_customer_ore: count.nullable(),
      return_per_krone: count.nullable(),
      small_sample: z.boolean(),
    }),
  ),
});

export type MarketplaceReturn = z.infer<typeof marketplaceSchema>;
export type MarketplaceRow = MarketplaceReturn['rows'][number];

/** Bought leads' cost against their customers' revenue, per marketplace and category. */
export const marketplaceReturnQueryOptions = (
  organizationId: string,
  from: string,
  to: string,
  includeVat: boolean,
) =>
  queryOptions({
    queryKey: lifetimeValueKeys.marketplace(organizationId, from, to, includeVat),
    queryFn: async (): Promise<MarketplaceReturn> =>
      marketplaceSchema.parse(
        unwrap(
          await supabase.rpc('lifetime_value_marketplace', {
            input_organization_id: organizationId,
            input_from: from,
            input_to: to,
            input_include_vat: includeVat,
          }),
        ),
      ),
  });

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';
import { commonParams, type ReportFilters } from './report-params';

/** Customers per page of the customers table. */
export const CUSTOMERS_PAGE_SIZE = 50;

const count = z.coerce.number();

const customersSchema = z.object({
  total: count,
  rows: z.array(
    z.object({
      lead_id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      source: z.enum(Constants.public.Enums.lead_source),
      campaign_id: z.string().nullable(),
      campaign_name: z.string().nullable(),
      first_touch_at: z.string().nullable(),
      first_purchase_on: z.string(),
      last_purchase_on: z.string(),
      purchases: count,
      revenue_ore: count,
    }),
  ),
});

export type CustomerPage = z.infer<typeof customersSchema>;
export type CustomerRow = CustomerPage['rows'][number];

/** One page of the filters' customers, by revenue (lifetime_value_customers). */
export const customersQueryOptions = (filters: ReportFilters, search: string, offset: number) =>
  queryOptions({
    queryKey: lifetimeValueKeys.customers(filters, search, offset),
    queryFn: async (): Promise<CustomerPage> =>
      customersSchema.parse(
        unwrap(
          await supabase.rpc('lifetime_value_customers', {
            ...commonParams(filters),
            input_search: search.trim() || undefined,
            input_limit: CUSTOMERS_PAGE_SIZE,
            input_offset: offset,
          }),
        ),
      ),
    // The page stays while the next one loads, so the table and its paging do not jump.
    placeholderData: keepPreviousData,
  });

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';

const count = z.coerce.number();

const cohortsSchema = z.object({
  min_sample: count,
  cohorts: z.array(
    z.object({
      month: z.string(),
      customers: count,
      small_sample: z.boolean(),
      cells: z.array(z.object({ offset: count, active: count, revenue_ore: count })),
    }),
  ),
});

export type Cohorts = z.infer<typeof cohortsSchema>;
export type Cohort = Cohorts['cohorts'][number];
export type CohortBasis = 'first_purchase' | 'first_touch';

/** Customers by month of first purchase (or first touch) × months since (lifetime_value_cohorts). */
export const cohortsQueryOptions = (
  organizationId: string,
  from: string,
  to: string,
  basis: CohortBasis,
  includeVat: boolean,
) =>
  queryOptions({
    queryKey: lifetimeValueKeys.cohorts(organizationId, from, to, basis, includeVat),
    queryFn: async (): Promise<Cohorts> =>
      cohortsSchema.parse(
        unwrap(
          await supabase.rpc('lifetime_value_cohorts', {
            input_organization_id: organizationId,
            input_from: from,
            input_to: to,
            input_basis: basis,
            input_include_vat: includeVat,
          }),
        ),
      ),
  });

import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { marketplaceKeys } from './keys';

/** Lead ids the organization has bought (completed) on this marketplace's listings. */
export const boughtLeadsQueryOptions = (organizationId: string, marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.purchases(organizationId, marketplaceId),
    queryFn: async (): Promise<Set<string>> => {
      const rows =
        unwrap(
          await supabase
            .from('leads_purchases')
            .select('lead_id')
            .eq('organization_id', organizationId)
            .eq('state', 'completed'),
        ) ?? [];
      return new Set(rows.map((row) => row.lead_id));
    },
  });

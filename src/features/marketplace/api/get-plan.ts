import { queryOptions } from '@tanstack/react-query';
import type { MarketplacePlan } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { marketplaceKeys } from './keys';

/** The organization's plan on the marketplace (organizations_marketplaces_configs). */
export const planQueryOptions = (organizationId: string, marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.plan(organizationId, marketplaceId),
    queryFn: async (): Promise<MarketplacePlan | null> => {
      const row = unwrap(
        await supabase
          .from('organizations_marketplaces_configs')
          .select('plan')
          .eq('organization_id', organizationId)
          .eq('marketplace_id', marketplaceId)
          .maybeSingle(),
      );
      return row?.plan ?? null;
    },
  });

import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Marketplace } from '../types';
import { marketplaceKeys } from './keys';

export const marketplaceQueryOptions = (marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.marketplace(marketplaceId),
    queryFn: async (): Promise<Marketplace | null> =>
      unwrap(
        await supabase
          .from('marketplaces')
          .select('id, name, owner_id')
          .eq('id', marketplaceId)
          .maybeSingle(),
      ),
  });

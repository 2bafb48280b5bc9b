import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { accountKeys } from './keys';

/** The marketplace a marketplace owner runs on this host name (marketplaces_urls). */
export const hostMarketplaceQueryOptions = (hostname: string) =>
  queryOptions({
    queryKey: accountKeys.hostMarketplace(hostname),
    queryFn: async (): Promise<string | null> => {
      const row = unwrap(
        await supabase.from('marketplaces_urls').select('marketplace_id').eq('url', hostname).maybeSingle(),
      );
      return row?.marketplace_id ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

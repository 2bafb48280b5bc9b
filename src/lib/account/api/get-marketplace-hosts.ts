import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { accountKeys } from './keys';

/**
 * The host names of the marketplaces an organization is on, in name order: where a host without a
 * marketplace of its own (the competition host) sends the user who asks for the marketplace.
 */
export const organizationMarketplaceHostsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: accountKeys.marketplaceHosts(organizationId),
    queryFn: async (): Promise<string[]> => {
      const memberships =
        unwrap(
          await supabase
            .from('marketplaces_organizations')
            .select('marketplace_id')
            .eq('organization_id', organizationId),
        ) ?? [];
      if (memberships.length === 0) return [];
      const urls =
        unwrap(
          await supabase
            .from('marketplaces_urls')
            .select('url')
            .in(
              'marketplace_id',
              memberships.map((row) => row.marketplace_id),
            )
            .order('url'),
        ) ?? [];
      return urls.map((row) => row.url);
    },
    staleTime: 5 * 60_000,
  });

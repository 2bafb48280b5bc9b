import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { marketplaceKeys } from './keys';

/**
 * A member organization of a marketplace as its owner sees it, from the security-definer RPC
 * `marketplace_members` (migration 20261122101400): RLS on `organizations` hides other organizations'
 * names from the marketplace owner, the RPC returns them for the owner and claims admins only.
 */
export type MarketplaceMember = Database['public']['Functions']['marketplace_members']['Returns'][number];

export const marketplaceMembersQueryOptions = (marketplaceId: string) =>
  queryOptions({
    queryKey: marketplaceKeys.members(marketplaceId),
    queryFn: async (): Promise<MarketplaceMember[]> =>
      unwrap(await supabase.rpc('marketplace_members', { input_marketplace_id: marketplaceId })) ?? [],
  });

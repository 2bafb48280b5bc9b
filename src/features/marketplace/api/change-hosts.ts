import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { marketplaceKeys } from './keys';

export type HostChange = { marketplaceId: string; url: string };

async function addHost(input: HostChange) {
  unwrap(
    await supabase.from('marketplaces_urls').insert({ marketplace_id: input.marketplaceId, url: input.url }),
  );
}

async function removeHost(input: HostChange) {
  unwrap(
    await supabase
      .from('marketplaces_urls')
      .delete()
      .eq('marketplace_id', input.marketplaceId)
      .eq('url', input.url),
  );
}

/**
 * Adds a host name the marketplace answers on. A name another marketplace has fails as AppError
 * 'already-exists' (marketplaces_urls' unique url). Refreshes the owner's view.
 */
export function useAddHost(
  marketplaceId: string,
  screen: { onAdded?: (change: HostChange) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHost,
    onSuccess: async (_data, change) => {
      screen.onAdded?.(change);
      await queryClient.invalidateQueries({ queryKey: marketplaceKeys.owner(marketplaceId) });
    },
    onError: (error) => screen.onFailed?.(error),
  });
}

/** Removes one of the marketplace's host names; refreshes the owner's view. */
export function useRemoveHost(
  marketplaceId: string,
  screen: { onRemoved?: (change: HostChange) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHost,
    onSuccess: async (_data, change) => {
      screen.onRemoved?.(change);
      await queryClient.invalidateQueries({ queryKey: marketplaceKeys.owner(marketplaceId) });
    },
    onError: (error) => screen.onFailed?.(error),
  });
}

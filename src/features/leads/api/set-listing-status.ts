import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyRoots } from '@/lib/api/key-roots';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';
import { notifyNewListing } from './notify-new-listing';

export type ListingStatusChange = { listingId: string; status: 'active' | 'paused' | 'withdrawn' };

async function setListingStatus(input: ListingStatusChange) {
  unwrap(
    await supabase
      .from('advertised_leads')
      .update({ status: input.status })
      .eq('id', input.listingId)
      .select('id')
      .single(),
  );
  // Active now: announce it unless it has been announced before (the server claims once per listing).
  if (input.status === 'active') notifyNewListing(input.listingId);
}

/** Pauses, resumes or withdraws one of the lead's listings; refreshes them and the marketplace screens. */
export function useSetListingStatus(
  leadId: string,
  screen: { onChanged?: (change: ListingStatusChange) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingStatus,
    onSuccess: async (_data, change) => {
      screen.onChanged?.(change);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.listings(leadId) }),
        queryClient.invalidateQueries({ queryKey: keyRoots.marketplace }),
      ]);
    },
    onError: (error) => screen.onFailed?.(error),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyRoots } from '@/lib/api/key-roots';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';
import { notifyNewListing } from './notify-new-listing';

export type NewListing = {
  leadId: string;
  organizationId: string;
  marketplaceId: string;
  title: string;
  description: string;
  category: string;
  area: string;
  priceTickets: number;
  priceCredits: number;
  priceOre: number;
  maxBuyers: number;
  expiresAt: string;
  /** Saved paused: not on the marketplace and not announced until it is resumed. */
  paused?: boolean;
  /**
   * The seller confirms that the person agreed to be shared (a lead without consent cannot be listed
   * otherwise; the database stores its own time and the caller: migration 20261124110200).
   */
  consentConfirmed?: boolean;
};

/**
 * Inserts a listing. One open listing per lead and marketplace (advertised_leads_open_listing_key):
 * a second one fails as AppError 'already-exists'; a listing that would break what a sale promised
 * fails with the database's own code (src/lib/errors.ts, LISTING_ERROR_CODES).
 */
async function advertiseLead(input: NewListing) {
  const data = unwrap(
    await supabase
      .from('advertised_leads')
      .insert({
        lead_id: input.leadId,
        organization_id: input.organizationId,
        marketplace_id: input.marketplaceId,
        title: input.title,
        description: input.description || null,
        category: input.category || null,
        area: input.area || null,
        price_tickets: input.priceTickets,
        price_credits: input.priceCredits,
        price_ore: input.priceOre,
        max_buyers: input.maxBuyers,
        expires_at: input.expiresAt,
        status: input.paused ? 'paused' : 'active',
        ...(input.consentConfirmed ? { consent_confirmed_at: new Date().toISOString() } : {}),
      })
      .select('id')
      .single(),
  );
  // A paused listing is announced when it is resumed (setListingStatus).
  if (!input.paused && data) notifyNewListing(data.id);
}

/**
 * Advertises the lead on one of the organization's marketplaces. On success the lead's listings and
 * every marketplace screen are refreshed; on a refusal the lead's supply is read again (a sale since
 * the page loaded may be why).
 */
export function useAdvertiseLead(leadId: string, onAdvertised?: (input: NewListing) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseLead,
    onSuccess: async (_data, input) => {
      onAdvertised?.(input);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.listings(leadId) }),
        queryClient.invalidateQueries({ queryKey: keyRoots.marketplace }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: leadKeys.supply(leadId) }),
  });
}

import type { Listing, ListingStatus } from '../api/get-lead-listings';

export type ShownListingStatus = ListingStatus | 'expired';

/** An open listing past its expiry shows as expired (the marketplace no longer lists it). */
export const shownListingStatus = (listing: Listing, now: number): ShownListingStatus =>
  (listing.status === 'active' || listing.status === 'paused') && new Date(listing.expiresAt).getTime() <= now
    ? 'expired'
    : listing.status;

import { soldOfListing } from '@/lib/listings/sold';
import type { MarketplaceListing } from '../types';

/** «X av N solgt» of a listing, counting the lead's earlier buyers (a re-listing is never shown as exclusive). */
export const listingSold = (listing: MarketplaceListing, buyersCount = listing.buyers_count) =>
  soldOfListing({ earlierBuyers: listing.earlier_buyers, buyersCount, maxBuyers: listing.max_buyers });

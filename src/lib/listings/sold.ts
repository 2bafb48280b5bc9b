/**
 * «X av N solgt» of a listing, for the lead as a whole: a listing made after earlier sales promises
 * its buyers earlier + max buyers in all, and says so (it is never shown as exclusive).
 */
export function soldOfListing(listing: { earlierBuyers: number; buyersCount: number; maxBuyers: number }) {
  return {
    sold: listing.earlierBuyers + listing.buyersCount,
    max: listing.earlierBuyers + listing.maxBuyers,
  };
}

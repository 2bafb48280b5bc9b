/** Listings per page of a marketplace. */
export const PAGE_SIZE = 20;
/** The owner's view reads at most this many listings. */
export const OWNER_LISTINGS_LIMIT = 200;

import { keyRoots } from '../../api/key-roots';

/**
 * The lists a listing's category and area come from (the database holds listings to them:
 * 20261124140000_listing_categories_and_areas.sql): one fixed list of areas, each marketplace's own
 * categories. The lead page's advertise form and the marketplace's filters both offer them, so they
 * live in src/lib rather than in either feature.
 */
export const listKeys = {
  areas: () => [...keyRoots.listingLists, 'areas'] as const,
  categories: (marketplaceId: string) => [...keyRoots.listingLists, 'categories', marketplaceId] as const,
};

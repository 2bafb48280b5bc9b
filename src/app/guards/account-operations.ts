/**
 * The account reads and writes the guard chain runs, gathered in one module so that they load as one
 * file (guard-effects.ts imports this with import()) rather than one request per operation.
 */
export { createProfile } from '@/lib/account/api/create-profile';
export { hostMarketplaceQueryOptions } from '@/lib/account/api/get-host-marketplace';
export { marketplaceStatusQueryOptions } from '@/lib/account/api/get-marketplace-status';
export { organizationsQueryOptions } from '@/lib/account/api/get-organizations';
export { profileQueryOptions } from '@/lib/account/api/get-profile';
export { joinMarketplace } from '@/lib/account/api/join-marketplace';
export { storeLastOrganization } from '@/lib/account/api/store-last-organization';

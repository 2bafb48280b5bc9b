import { keyRoots } from '@/lib/api/key-roots';

/** Public reads: before sign-in too, so not under the account keys (cleared on sign-out either way). */
export const onboardingKeys = {
  all: keyRoots.onboarding,
  intro: (by: { marketplaceId: string } | { host: string }) =>
    [...onboardingKeys.all, 'marketplaceId' in by ? `id:${by.marketplaceId}` : `host:${by.host}`] as const,
  elsewhere: (host: string) => [...onboardingKeys.all, 'elsewhere', host] as const,
};

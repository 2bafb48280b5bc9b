import { keyRoots } from '@/lib/api/key-roots';

export const organizationBrandKeys = {
  all: keyRoots.organizationBrand,
  brand: (organizationId: string) => [...keyRoots.organizationBrand, organizationId] as const,
};

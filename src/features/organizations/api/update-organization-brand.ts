import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { BrandColours } from '@/lib/organization-brand/api/get-brand';
import { organizationBrandKeys } from '@/lib/organization-brand/api/keys';
import { supabase } from '@/lib/supabase';
import { organizationKeys } from './keys';

/** Saves (or, with nulls, removes) the brand colours, stored as lower-case `#rrggbb`. */
export function useUpdateOrganizationBrand(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (brand: BrandColours) => {
      unwrap(
        await supabase
          .from('organizations')
          .update({
            brand_accent: brand.accent?.toLowerCase() ?? null,
            brand_background: brand.background?.toLowerCase() ?? null,
            brand_text: brand.text?.toLowerCase() ?? null,
          })
          .eq('id', organizationId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.details(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationBrandKeys.brand(organizationId) }),
      ]),
  });
}

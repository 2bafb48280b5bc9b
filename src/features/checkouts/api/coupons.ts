import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { CouponFacts, CouponInput } from '../utils/coupon-form';
import { checkoutKeys } from './keys';

export interface CatalogCoupon extends CouponFacts {
  id: string;
}

/** The organization's discount codes, newest first. */
export const couponsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: checkoutKeys.coupons(organizationId),
    queryFn: async (): Promise<CatalogCoupon[]> =>
      unwrap(
        await supabase
          .from('coupons')
          .select(
            'id, code, percent_off, amount_off_ore, checkout_id, expires_at, max_uses, uses, archived_at',
          )
          .eq('organization_id', organizationId)
          .order('created_at', { ascending: false }),
      ) ?? [],
  });

function useInvalidateCoupons(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkoutKeys.coupons(organizationId) });
}

/**
 * Creates a code, or changes one (`id`). A code the organization already has is refused by the
 * database's unique key (`already-exists`); its uses are only ever counted by the order functions.
 */
export function useSaveCoupon(organizationId: string) {
  const invalidate = useInvalidateCoupons(organizationId);
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: CouponInput }) => {
      const saved = id
        ? await supabase.from('coupons').update(input).eq('id', id).select('id').single()
        : await supabase
            .from('coupons')
            .insert({ organization_id: organizationId, ...input })
            .select('id')
            .single();
      return unwrap(saved)?.id ?? null;
    },
    onSuccess: () => invalidate(),
  });
}

/** Archives a code (the checkout no longer takes it) or brings it back. */
export function useSetCouponArchived(organizationId: string) {
  const invalidate = useInvalidateCoupons(organizationId);
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      unwrap(
        await supabase
          .from('coupons')
          .update({ archived_at: archived ? new Date().toISOString() : null })
          .eq('id', id)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

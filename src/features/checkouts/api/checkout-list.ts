import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { checkoutKeys } from './keys';

export type CheckoutStatus = 'draft' | 'live' | 'archived';

export interface CheckoutListItem {
  id: string;
  name: string;
  status: CheckoutStatus;
  visits: number;
  orders: number;
  revenueOre: number;
  products: string[];
}

export interface ProductChoice {
  id: string;
  name: string;
}

const isStatus = (value: string): value is CheckoutStatus =>
  value === 'draft' || value === 'live' || value === 'archived';

/** The organization's checkouts with their figures, newest first: one request (checkout_summaries). */
export const checkoutsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: checkoutKeys.lists(organizationId),
    queryFn: async (): Promise<CheckoutListItem[]> => {
      const rows =
        unwrap(await supabase.rpc('checkout_summaries', { input_organization_id: organizationId })) ?? [];
      return rows.map((row) => ({
        id: row.checkout_id,
        name: row.name,
        status: isStatus(row.status) ? row.status : 'draft',
        visits: Number(row.visits),
        orders: Number(row.orders),
        revenueOre: Number(row.revenue_ore),
        products: row.products ?? [],
      }));
    },
  });

/** The products a new checkout can start with: the organization's unarchived ones, by name. */
export const productChoicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...checkoutKeys.products(organizationId), 'choices'] as const,
    queryFn: async (): Promise<ProductChoice[]> =>
      unwrap(
        await supabase
          .from('products')
          .select('id, name')
          .eq('organization_id', organizationId)
          .is('archived_at', null)
          .order('name'),
      ) ?? [],
  });

function useInvalidateList(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkoutKeys.lists(organizationId) });
}

/** A draft checkout with the product as its main product (create_checkout); answers its id. */
export function useCreateCheckout(organizationId: string) {
  const invalidate = useInvalidateList(organizationId);
  return useMutation({
    mutationFn: async ({ name, productId }: { name: string; productId: string | null }) =>
      unwrap(
        await supabase.rpc('create_checkout', {
          input_organization_id: organizationId,
          input_name: name,
          ...(productId ? { input_product_id: productId } : {}),
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** A draft copy «<name> (kopi)» with texts, settings and products (duplicate_checkout). */
export function useDuplicateCheckout(organizationId: string) {
  const invalidate = useInvalidateList(organizationId);
  return useMutation({
    mutationFn: async (checkoutId: string) =>
      unwrap(await supabase.rpc('duplicate_checkout', { input_checkout_id: checkoutId })),
    onSuccess: () => invalidate(),
  });
}

/** Publishes or unpublishes through the campaign; the database refuses a checkout without products. */
export function usePublishCheckout(organizationId: string) {
  const invalidate = useInvalidateList(organizationId);
  return useMutation({
    mutationFn: async ({ checkoutId, published }: { checkoutId: string; published: boolean }) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ published_at: published ? new Date().toISOString() : null })
          .eq('id', checkoutId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** Archives a checkout: the public page closes, the orders and figures stay. */
export function useArchiveCheckout(organizationId: string) {
  const invalidate = useInvalidateList(organizationId);
  return useMutation({
    mutationFn: async (checkoutId: string) => {
      unwrap(
        await supabase
          .from('checkouts')
          .update({ archived_at: new Date().toISOString() })
          .eq('id', checkoutId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { MediaSummary } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { isVatRate, type ProductInput } from '../utils/product-form';
import { checkoutKeys } from './keys';

export interface CatalogProduct extends ProductInput {
  id: string;
  archivedAt: string | null;
  /** Sold at least once: archived, never deleted, so orders keep pointing at it. */
  hasOrders: boolean;
  image: MediaSummary | null;
}

const COLUMNS =
  'id, name, description, price_ore, vat_rate, stock, max_per_order, image_media_id, archived_at, image:organizations_media(id, name, type, alt_text, url, thumbnail_path), order_items(id)';

/** The organization's products for the products tab: on sale first, then archived, by name. */
export const catalogProductsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: checkoutKeys.productTable(organizationId),
    queryFn: async (): Promise<CatalogProduct[]> => {
      const rows =
        unwrap(
          await supabase
            .from('products')
            .select(COLUMNS)
            .eq('organization_id', organizationId)
            .order('archived_at', { ascending: true, nullsFirst: true })
            .order('name')
            // One line is enough to know the product was ordered.
            .limit(1, { referencedTable: 'order_items' }),
        ) ?? [];
      return rows.map(({ image, order_items, archived_at, vat_rate, ...row }) => ({
        ...row,
        vat_rate: isVatRate(vat_rate) ? vat_rate : 25,
        archivedAt: archived_at,
        hasOrders: order_items.length > 0,
        image,
      }));
    },
  });

function useInvalidateProducts(organizationId: string) {
  const queryClient = useQueryClient();
  // The checkout list names the products its checkouts sell; the «Ny kasse» dialog offers them.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: checkoutKeys.products(organizationId) }),
      queryClient.invalidateQueries({ queryKey: checkoutKeys.lists(organizationId) }),
    ]);
}

/**
 * Creates a product, or changes one (`id`). A change writes only the fields given, so a restock is
 * sent only when the stock field was changed: otherwise the units that orders reserve meanwhile are
 * not overwritten.
 */
export function useSaveProduct(organizationId: string) {
  const invalidate = useInvalidateProducts(organizationId);
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: Partial<ProductInput> }) => {
      if (id) {
        unwrap(await supabase.from('products').update(input).eq('id', id).select('id').single());
        return id;
      }
      const { name = '', price_ore = 0, ...rest } = input;
      const row = unwrap(
        await supabase
          .from('products')
          .insert({ organization_id: organizationId, name, price_ore, ...rest })
          .select('id')
          .single(),
      );
      return row?.id ?? null;
    },
    onSuccess: () => invalidate(),
  });
}

/** Archives a product (no longer sold; orders keep their lines) or puts it back on sale. */
export function useSetProductArchived(organizationId: string) {
  const invalidate = useInvalidateProducts(organizationId);
  return useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      unwrap(
        await supabase
          .from('products')
          .update({ archived_at: archived ? new Date().toISOString() : null })
          .eq('id', id)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/**
 * Deletes a product never sold. Only owners and admins may (RLS): for anyone else the database
 * deletes nothing, which is answered as `forbidden`.
 */
export function useDeleteProduct(organizationId: string) {
  const invalidate = useInvalidateProducts(organizationId);
  return useMutation({
    mutationFn: async (id: string) => {
      const deleted = unwrap(await supabase.from('products').delete().eq('id', id).select('id')) ?? [];
      if (deleted.length === 0) throw new AppError('forbidden');
    },
    onSuccess: () => invalidate(),
  });
}

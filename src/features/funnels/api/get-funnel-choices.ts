import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { funnelKeys } from './keys';

export interface FunnelChoices {
  /** The organization's forms (campaigns of kind form), unarchived, by name. */
  forms: { id: string; name: string; published: boolean }[];
  /** Its checkouts, unarchived, with how many products each sells. */
  checkouts: { id: string; name: string; published: boolean; products: number }[];
  /** Its products, unarchived: what an offer can sell. */
  products: { id: string; name: string; priceOre: number; vatRate: number }[];
}

const isPublished = (publishedAt: string | null) =>
  publishedAt !== null && Date.parse(publishedAt) <= Date.now();

/** What a step can use: the forms, checkouts and products of the funnel's organization. */
export const funnelChoicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: funnelKeys.choices(organizationId),
    queryFn: async (): Promise<FunnelChoices> => {
      const [campaigns, forms, checkouts, checkoutProducts, products] = await Promise.all([
        supabase
          .from('campaigns')
          .select('id, name, kind, published_at')
          .eq('organization_id', organizationId)
          .in('kind', ['form', 'checkout'])
          .order('name'),
        supabase.from('forms').select('id').eq('organization_id', organizationId).is('archived_at', null),
        supabase.from('checkouts').select('id').eq('organization_id', organizationId).is('archived_at', null),
        supabase.from('checkout_products').select('checkout_id').eq('organization_id', organizationId),
        supabase
          .from('products')
          .select('id, name, price_ore, vat_rate')
          .eq('organization_id', organizationId)
          .is('archived_at', null)
          .order('name'),
      ]);
      const formIds = new Set((unwrap(forms) ?? []).map((row) => row.id));
      const checkoutIds = new Set((unwrap(checkouts) ?? []).map((row) => row.id));
      const productCount = new Map<string, number>();
      for (const row of unwrap(checkoutProducts) ?? [])
        productCount.set(row.checkout_id, (productCount.get(row.checkout_id) ?? 0) + 1);
      const rows = unwrap(campaigns) ?? [];
      return {
        forms: rows
          .filter((row) => row.kind === 'form' && formIds.has(row.id))
          .map((row) => ({ id: row.id, name: row.name, published: isPublished(row.published_at) })),
        checkouts: rows
          .filter((row) => row.kind === 'checkout' && checkoutIds.has(row.id))
          .map((row) => ({
            id: row.id,
            name: row.name,
            published: isPublished(row.published_at),
            products: productCount.get(row.id) ?? 0,
          })),
        products: (unwrap(products) ?? []).map((row) => ({
          id: row.id,
          name: row.name,
          priceOre: row.price_ore,
          vatRate: row.vat_rate,
        })),
      };
    },
  });

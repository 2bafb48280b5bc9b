import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in checkout screens: products, coupons, checkouts, one checkout's figures, orders and their documents. */
export const checkoutKeys = {
  all: keyRoots.checkouts,
  lists: (organizationId: string) => [...keyRoots.checkouts, 'list', organizationId] as const,
  products: (organizationId: string) => [...keyRoots.checkouts, 'products', organizationId] as const,
  productTable: (organizationId: string) => [...checkoutKeys.products(organizationId), 'table'] as const,
  coupons: (organizationId: string) => [...keyRoots.checkouts, 'coupons', organizationId] as const,
  checkout: (checkoutId: string) => [...keyRoots.checkouts, 'checkout', checkoutId] as const,
  figures: (checkoutId: string, from: string, to: string) =>
    [...checkoutKeys.checkout(checkoutId), 'figures', from, to] as const,
  orders: (checkoutId: string) => [...checkoutKeys.checkout(checkoutId), 'orders'] as const,
  /** An order's receipt and credit notes (a refund of the checkout refreshes them). */
  orderDocuments: (checkoutId: string, orderId: string) =>
    [...checkoutKeys.checkout(checkoutId), 'documents', orderId] as const,
};

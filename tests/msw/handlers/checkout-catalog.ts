import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';
import { checkoutSummaryRow } from './checkout-builder';

/** The products and coupons tabs' backend: the rows, and the writes recorded; a write can be refused. */
export type CheckoutCatalogState = {
  products: Record<string, unknown>[];
  coupons: Record<string, unknown>[];
  writes: Recorded[];
  /** The next write's refusal: a PostgREST error body and status. */
  refuse: { status: number; body: object } | null;
};

export const CATALOG_PRODUCT = 'cf000000-0000-4000-8000-0000000000a1';
export const CATALOG_CHECKOUT = 'cf000000-0000-4000-8000-000000000001';

export const catalogProductRow = (overrides: Record<string, unknown> = {}) => ({
  id: CATALOG_PRODUCT,
  name: 'Rørsjekk hjemme',
  description: '',
  price_ore: 149000,
  vat_rate: 25,
  stock: null,
  max_per_order: 10,
  image_media_id: null,
  archived_at: null,
  image: null,
  order_items: [{ id: 'cf000000-0000-4000-8000-0000000000d1' }],
  ...overrides,
});

export const catalogCouponRow = (overrides: Record<string, unknown> = {}) => ({
  id: 'cf000000-0000-4000-8000-0000000000c1',
  code: 'VELKOMMEN10',
  percent_off: 10,
  amount_off_ore: null,
  checkout_id: null,
  expires_at: null,
  max_uses: 50,
  uses: 3,
  archived_at: null,
  ...overrides,
});

export const newCheckoutCatalogState = (): CheckoutCatalogState => ({
  products: [catalogProductRow()],
  coupons: [catalogCouponRow()],
  writes: [],
  refuse: null,
});

function write(state: () => CheckoutCatalogState) {
  return async ({ request }: { request: Request }) => {
    await record(state().writes, request);
    const refusal = state().refuse;
    if (refusal) {
      state().refuse = null;
      return HttpResponse.json(refusal.body, { status: refusal.status });
    }
    return single(request, { id: 'cf000000-0000-4000-8000-0000000000ff' });
  };
}

export function checkoutCatalogHandlers(state: () => CheckoutCatalogState) {
  return [
    ...membershipHandlers(() => 'owner'),
    http.post(`${SUPABASE}/rest/v1/rpc/checkout_summaries`, () =>
      HttpResponse.json([checkoutSummaryRow({ checkout_id: CATALOG_CHECKOUT })]),
    ),
    http.get(`${SUPABASE}/rest/v1/products`, () => HttpResponse.json(state().products)),
    http.get(`${SUPABASE}/rest/v1/coupons`, () => HttpResponse.json(state().coupons)),
    http.post(`${SUPABASE}/rest/v1/products`, write(state)),
    http.patch(`${SUPABASE}/rest/v1/products`, write(state)),
    http.post(`${SUPABASE}/rest/v1/coupons`, write(state)),
    http.patch(`${SUPABASE}/rest/v1/coupons`, write(state)),
  ];
}

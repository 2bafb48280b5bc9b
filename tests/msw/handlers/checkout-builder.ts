import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';
import { record, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/** The checkout list's backend: checkout_summaries, the product choices and create_checkout (recorded). */
export type CheckoutBuilderState = {
  summaries: Record<string, unknown>[];
  products: { id: string; name: string }[];
  requests: Recorded[];
};

export const NEW_CHECKOUT = 'cf000000-0000-4000-8000-0000000000bb';
export const PRODUCT = 'cf000000-0000-4000-8000-0000000000aa';

export const checkoutSummaryRow = (overrides: Record<string, unknown> = {}) => ({
  checkout_id: 'cf000000-0000-4000-8000-000000000001',
  name: 'Rørsjekk hjemme',
  status: 'live',
  visits: 1234,
  orders: 12,
  revenue_ore: 1788000,
  products: ['Rørsjekk'],
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

export const newCheckoutBuilderState = (): CheckoutBuilderState => ({
  summaries: [checkoutSummaryRow()],
  products: [{ id: PRODUCT, name: 'Rørsjekk' }],
  requests: [],
});

export function checkoutBuilderHandlers(state: () => CheckoutBuilderState) {
  return [
    ...membershipHandlers(() => 'owner'),
    http.post(`${SUPABASE}/rest/v1/rpc/checkout_summaries`, () => HttpResponse.json(state().summaries)),
    http.get(`${SUPABASE}/rest/v1/products`, () => HttpResponse.json(state().products)),
    http.post(`${SUPABASE}/rest/v1/rpc/create_checkout`, async ({ request }) => {
      await record(state().requests, request);
      return HttpResponse.json(NEW_CHECKOUT);
    }),
  ];
}

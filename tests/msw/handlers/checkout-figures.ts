import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';
import { functionError, record, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/**
 * The figures page's backend: checkout_figures, the orders (PostgREST's rows with their embeds) and
 * checkout-orders' refund, which takes the amount off the order as the function would. `refuseRefund`
 * makes the function answer that code.
 */
export type CheckoutFiguresState = {
  role: 'owner' | 'admin' | 'member';
  figures: unknown;
  orders: Record<string, unknown>[];
  refuseRefund: string | null;
  requests: Recorded[];
};

export const newCheckoutFiguresState = (
  overrides: Partial<CheckoutFiguresState> = {},
): CheckoutFiguresState => ({
  role: 'owner',
  figures: { totals: {}, days: [], sources: [] },
  orders: [],
  refuseRefund: null,
  requests: [],
  ...overrides,
});

export function checkoutFiguresHandlers(state: () => CheckoutFiguresState) {
  const s = state;
  return [
    ...membershipHandlers(() => s().role),
    http.post(`${SUPABASE}/rest/v1/rpc/checkout_figures`, async ({ request }) => {
      await record(s().requests, request);
      return HttpResponse.json(s().figures as object);
    }),
    http.get(`${SUPABASE}/rest/v1/orders`, async ({ request }) => {
      await record(s().requests, request);
      return HttpResponse.json(s().orders);
    }),
    http.post(`${SUPABASE}/functions/v1/checkout-orders`, async ({ request }) => {
      await record(s().requests, request);
      const refused = s().refuseRefund;
      if (refused) return functionError(400, refused);
      const body = (await request.clone().json()) as { orderId: string; amountOre: number };
      s().orders = s().orders.map((order) =>
        order.id === body.orderId
          ? { ...order, refunded_ore: (order.refunded_ore as number) + body.amountOre }
          : order,
      );
      return HttpResponse.json({ order: s().orders.find((order) => order.id === body.orderId) });
    }),
  ];
}

import { http, HttpResponse } from 'msw';
import type { Receipt } from '@/lib/receipts/types';
import { receiptRow } from '../../factories/receipt';
import { SUPABASE } from '../../support/session';
import { functionError, record, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/**
 * The figures page's backend: checkout_figures, the orders (PostgREST's rows with their embeds) and
 * checkout-orders' refund, which takes the amount off the order and issues the credit note of the
 * order's receipt as the function would; the orders' receipts. `refuseRefund` makes the function answer
 * that code.
 */
export type CheckoutFiguresState = {
  role: 'owner' | 'admin' | 'member';
  figures: unknown;
  orders: Record<string, unknown>[];
  refuseRefund: string | null;
  /** Order receipts (source_kind 'order') and their credit notes. */
  receipts: Receipt[];
  requests: Recorded[];
};

export const newCheckoutFiguresState = (
  overrides: Partial<CheckoutFiguresState> = {},
): CheckoutFiguresState => ({
  role: 'owner',
  figures: { totals: {}, days: [], sources: [] },
  orders: [],
  refuseRefund: null,
  receipts: [],
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
      const receipt = s().receipts.find((row) => row.kind === 'receipt' && row.source_id === body.orderId);
      if (receipt)
        s().receipts.push(
          receiptRow({
            ...receipt,
            id: `credit-${s().receipts.length}`,
            kind: 'credit_note',
            number: Math.max(...s().receipts.map((row) => row.number)) + 1,
            source_kind: 'order_refund',
            source_id: `refund-${s().receipts.length}`,
            credited_receipt_id: receipt.id,
            total_ore: body.amountOre,
          }),
        );
      return HttpResponse.json({ order: s().orders.find((order) => order.id === body.orderId) });
    }),
    http.get(`${SUPABASE}/rest/v1/receipts`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const equals = (name: string) => query.get(name)?.replace(/^eq\./, '');
      const [sourceId, credited] = [equals('source_id'), equals('credited_receipt_id')];
      return HttpResponse.json(
        s().receipts.filter((row) =>
          sourceId ? row.source_id === sourceId : row.credited_receipt_id === credited,
        ),
      );
    }),
  ];
}

/**
 * Checkout orders in memory for deno tests, with the SQL functions' semantics: settled once, released
 * once (counted, as the stock and coupon go back), a refund recorded once per id and never beyond the
 * total (each with a credit note), one receipt per order whose token is the first caller's.
 */
import type { CheckoutOrderDb, OrderRow, RecordedRefund, RefundInput } from './checkout-orders.ts';
import type { PaymentProvider } from './payments.ts';
import type { Receipt } from './receipt.ts';
import { sampleCreditNote, sampleReceipt } from './receipt-fake.ts';

export const SELLER_ORG = '00000000-0000-4000-8000-0000000000c1';

const UNPAID = new Set(['pending', 'requires_action', 'processing']);

export function checkoutOrder(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: crypto.randomUUID(),
    organization_id: SELLER_ORG,
    number: 1001,
    checkout_id: '00000000-0000-4000-8000-0000000000d1',
    session_id: null,
    participant_id: '00000000-0000-4000-8000-0000000000e1',
    buyer: { name: 'Kari Nordmann' },
    answers: {},
    coupon_id: null,
    subtotal_ore: 149000,
    discount_ore: 0,
    total_ore: 149000,
    refunded_ore: 0,
    currency: 'nok',
    status: 'pending',
    failure_code: null,
    provider: 'stripe',
    provider_payment_id: null,
    provider_customer_id: null,
    provider_payment_method_id: null,
    card_brand: null,
    card_last4: null,
    idempotency_key: `checkout:${crypto.randomUUID()}`,
    access_token_sha256: 'a'.repeat(64),
    source: null,
    utm: {},
    expires_at: '2026-11-29T12:30:00Z',
    marketing_consent: false,
    created_at: '2026-11-29T12:00:00Z',
    updated_at: '2026-11-29T12:00:00Z',
    paid_at: null,
    parent_order_id: null,
    funnel_id: null,
    funnel_step_id: null,
    funnel_visitor_hash: null,
    ...overrides,
  };
}

export class FakeCheckoutOrders implements CheckoutOrderDb {
  orders = new Map<string, OrderRow>();
  released: { orderId: string; status: string }[] = [];
  refunds = new Map<string, { orderId: string; amountOre: number; reason: string | null }>();
  creditNotes: string[] = [];
  /** The token each credit note was issued with (its e-mail's link). */
  creditNoteTokens = new Map<string, string>();
  /** The token each order's receipt was issued with (the e-mail's link). */
  receipts = new Map<string, string>();
  settlements = 0;

  add(overrides: Partial<OrderRow> = {}): OrderRow {
    const order = checkoutOrder(overrides);
    this.orders.set(order.id, order);
    return order;
  }

  order(orderId: string) {
    return Promise.resolve(structuredClone(this.orders.get(orderId) ?? null));
  }

  orderByPaymentId(paymentId: string) {
    const found = [...this.orders.values()].find((order) => order.provider_payment_id === paymentId);
    return Promise.resolve(structuredClone(found ?? null));
  }

  recordPayment(orderId: string, status: string, paymentId: string | null, failureCode: string | null) {
    const order = this.orders.get(orderId);
    if (order && UNPAID.has(order.status)) {
      order.status = status;
      order.provider_payment_id ??= paymentId;
      order.failure_code = failureCode ?? order.failure_code;
    }
    return Promise.resolve();
  }

  settle(orderId: string, intent: { card: { brand: string; last4: string } | null }) {
    const order = this.orders.get(orderId)!;
    if (!UNPAID.has(order.status)) return Promise.resolve({ settled: false, order: structuredClone(order) });
    this.settlements += 1;
    Object.assign(order, {
      status: 'paid',
      paid_at: '2026-11-29T12:10:00Z',
      card_brand: intent.card?.brand ?? null,
      card_last4: intent.card?.last4 ?? null,
    });
    return Promise.resolve({ settled: true, order: structuredClone(order) });
  }

  release(orderId: string, status: 'failed' | 'canceled' | 'expired') {
    const order = this.orders.get(orderId)!;
    if (UNPAID.has(order.status)) {
      order.status = status;
      this.released.push({ orderId, status });
    }
    return Promise.resolve();
  }

  recordRefund(input: RefundInput & { buyerToken: string }): Promise<RecordedRefund> {
    const order = this.orders.get(input.orderId)!;
    const answer = (created: boolean): RecordedRefund => ({
      created,
      order: structuredClone(order),
      creditNote: this.creditNoteOf(input.refundId, order),
      creditedReceiptNumber: 7,
    });
    if (this.refunds.has(input.refundId)) return Promise.resolve(answer(false));
    if (order.refunded_ore + input.amountOre > order.total_ore) {
      return Promise.reject(new Error('checkout-refund-invalid'));
    }
    this.refunds.set(input.refundId, { ...input, reason: input.reason ?? null });
    this.creditNotes.push(input.refundId);
    this.creditNoteTokens.set(input.refundId, input.buyerToken);
    order.refunded_ore += input.amountOre;
    if (order.refunded_ore === order.total_ore) order.status = 'refunded';
    return Promise.resolve(answer(true));
  }

  /** Credit note nr. 8 (and on) crediting receipt nr. 7, the refund's amount at 25 %. */
  private creditNoteOf(refundId: string, order: OrderRow): Receipt | null {
    const index = this.creditNotes.indexOf(refundId);
    const amount = this.refunds.get(refundId)?.amountOre;
    if (index < 0 || amount === undefined) return null;
    return sampleCreditNote(amount, {
      number: 8 + index,
      source_id: refundId,
      card_brand: order.card_brand,
      card_last4: order.card_last4,
    });
  }

  issueReceipt(orderId: string, buyerToken: string) {
    const order = this.orders.get(orderId)!;
    if (!order.paid_at) return Promise.reject(new Error('checkout-order-not-paid'));
    const created = !this.receipts.has(orderId);
    if (created) this.receipts.set(orderId, buyerToken);
    return Promise.resolve({
      created,
      receipt: sampleReceipt({ source_kind: 'order', source_id: orderId, total_ore: order.total_ore }),
    });
  }

  confirmationOf(orderId: string) {
    const order = this.orders.get(orderId)!;
    return Promise.resolve({
      checkoutName: 'Rørsjekk hjemme',
      sellerName: 'Fjord Rør AS',
      sellerContact: 'post@fjordror.no',
      email: 'kari@example.no',
      name: 'Kari Nordmann',
      number: order.number,
      totalOre: order.total_ore,
      lines: [{ description: 'Rørsjekk hjemme', quantity: 1 }],
    });
  }
}

/** A started order (expires 12:30) with its intent at the provider, as checkout-pay's start leaves them. */
export async function startCheckoutOrder(
  orders: FakeCheckoutOrders,
  payments: PaymentProvider,
  stripeAccount: string | null = null,
) {
  const order = orders.add({ status: 'pending', provider: payments.name === 'local' ? 'local' : 'stripe' });
  const intent = await payments.createPayment({
    organizationId: SELLER_ORG,
    customerId: null,
    amountOre: order.total_ore,
    description: `Ordre ${order.number}`,
    idempotencyKey: `checkout:${order.id}`,
    metadata: { order_id: order.id, purpose: 'checkout' },
    paymentMethodId: null,
    stripeAccount,
  });
  await orders.recordPayment(order.id, 'pending', intent.id, null);
  return { orderId: order.id, intentId: intent.id };
}

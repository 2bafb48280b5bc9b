/**
 * A checkout order's payment outcome, wherever it is learnt (docs/checkouts.md «Paying»): the buyer's
 * confirm call (checkout-pay), Stripe's webhook, or the expiry job. Settling is the database's, once
 * (`settle_checkout_order`); the numbered receipt is issued once (`issue_checkout_order_receipt`), and
 * only the call that issued it e-mails the buyer, so the paths racing each other send one e-mail.
 */
import { rpcOf, type Database } from './database.ts';
import type { SupabaseClient } from './deps.ts';
import type { Log } from './http.ts';
import type { Mailer } from './mailer.ts';
import type { PaymentIntentState } from './payments.ts';
import type { Issued, Receipt } from './receipt.ts';
import { receiptEmail } from './receipt-email.ts';
import { errorOf } from './supabase.ts';
import type { OrderConfirmation } from '../checkout-pay/handler.ts';
import { orderConfirmationEmail } from '../checkout-pay/order-email.ts';

export type OrderRow = Database['public']['Tables']['orders']['Row'];

export interface CheckoutOrderDb {
  /** The order by id, or null. */
  order(orderId: string): Promise<OrderRow | null>;
  /** The order whose payment at the provider this is, or null. */
  orderByPaymentId(providerPaymentId: string): Promise<OrderRow | null>;
  /** record_checkout_payment: the state of an unsettled order (pending, requires_action, processing). */
  recordPayment(
    orderId: string,
    status: string,
    providerPaymentId: string | null,
    failureCode: string | null,
  ): Promise<void>;
  settle(orderId: string, intent: PaymentIntentState): Promise<{ settled: boolean; order: OrderRow }>;
  release(orderId: string, status: 'failed' | 'canceled' | 'expired'): Promise<void>;
  /**
   * record_checkout_refund_credit_note: once per refund id, the refund's credit note issued with it;
   * `created` only for the call that recorded it. The token (≥ 32 characters) opens the receipt page.
   */
  recordRefund(input: RefundInput & { buyerToken: string }): Promise<RecordedRefund>;
  /** issue_checkout_order_receipt: the token (≥ 32 characters) opens the buyer's receipt page. */
  issueReceipt(orderId: string, buyerToken: string): Promise<Issued>;
  /** What the buyer's e-mail says: the checkout's name, the seller, the buyer's address, the lines. */
  confirmationOf(orderId: string): Promise<OrderConfirmation | null>;
}

export interface RefundInput {
  orderId: string;
  amountOre: number;
  refundId: string;
  reason: string | null;
  /** The member who refunded (null for a refund learnt from Stripe). */
  createdBy?: string | null;
}

export interface RecordedRefund {
  /** False when the refund was recorded before (a replay, or the other path first). */
  created: boolean;
  order: OrderRow;
  /** Null when the seller has no receipt to credit (no postal address). */
  creditNote: Receipt | null;
  creditedReceiptNumber: number | null;
}

export interface OrderOutcomeDeps {
  db: Pick<CheckoutOrderDb, 'settle' | 'issueReceipt' | 'confirmationOf'>;
  mailer: Mailer;
  /** The app (the receipt page's link). */
  siteUrl: string;
  log: Log;
}

/** A fresh secret for the receipt link of a buyer whose order secret this path never saw. */
export function newBuyerToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Settles the order of a succeeded payment (once), then issues its receipt and e-mails the buyer when
 * this call issued it. `buyerToken` is the order's secret when the caller has it (the buyer's page),
 * else a fresh one is made for the e-mail's link.
 */
export async function settleCheckoutOrder(
  orderId: string,
  intent: PaymentIntentState,
  deps: OrderOutcomeDeps,
  buyerToken: string | null = null,
): Promise<{ settled: boolean; order: OrderRow }> {
  const result = await deps.db.settle(orderId, intent);
  await sendOrderReceipt(orderId, buyerToken ?? newBuyerToken(), result.settled, deps);
  return result;
}

/**
 * Issues the order's receipt and, when this call issued it, e-mails the buyer the receipt page's link.
 * A seller whose receipt cannot be issued (no address yet) still gets the buyer an e-mail from the
 * call that settled. Never throws: the order stands; a failure is logged.
 */
export async function sendOrderReceipt(
  orderId: string,
  buyerToken: string,
  settled: boolean,
  deps: OrderOutcomeDeps,
): Promise<void> {
  let send = settled;
  try {
    send = (await deps.db.issueReceipt(orderId, buyerToken)).created;
  } catch (error) {
    deps.log(`checkout: the receipt of order ${orderId} was not issued`, error);
  }
  if (!send) return;
  try {
    const confirmation = await deps.db.confirmationOf(orderId);
    if (!confirmation) return;
    await deps.mailer.send({
      to: confirmation.email,
      ...orderConfirmationEmail({
        ...confirmation,
        receiptLink: receiptLink(deps.siteUrl, orderId, buyerToken),
      }),
      tags: ['checkout-order'],
    });
  } catch (error) {
    deps.log(`checkout: the confirmation of order ${orderId} failed`, error);
  }
}

/** The buyer's receipt page (`/kasse/kvittering?ordre=…&token=…`). */
function receiptLink(siteUrl: string, orderId: string, token: string): string {
  const link = new URL('/kasse/kvittering', siteUrl);
  link.search = new URLSearchParams({ ordre: orderId, token }).toString();
  return link.toString();
}

/**
 * Records a refund the provider made (once per refund id) and, when this call recorded it, e-mails the
 * buyer its credit note: a replayed webhook, or the webhook after checkout-orders, sends nothing. The
 * e-mail's failure is logged; the refund stands.
 */
export async function recordCheckoutRefund(
  input: RefundInput,
  deps: { db: Pick<CheckoutOrderDb, 'recordRefund'>; mailer: Mailer; siteUrl: string; log: Log },
): Promise<RecordedRefund> {
  const buyerToken = newBuyerToken();
  const recorded = await deps.db.recordRefund({ ...input, buyerToken });
  const note = recorded.creditNote;
  if (!recorded.created || !note?.buyer_email || recorded.creditedReceiptNumber === null) return recorded;
  try {
    await deps.mailer.send({
      to: note.buyer_email,
      ...receiptEmail(note, receiptLink(deps.siteUrl, input.orderId, buyerToken), {
        creditedNumber: recorded.creditedReceiptNumber,
      }),
      tags: ['checkout-credit-note'],
    });
  } catch (error) {
    deps.log(`checkout: the credit note of refund ${input.refundId} was not e-mailed`, error);
  }
  return recorded;
}

/** The buyer's e-mail's facts, read with the service role. */
export async function orderConfirmationOf(
  service: SupabaseClient,
  orderId: string,
): Promise<OrderConfirmation | null> {
  const { data, error } = await service
    .from('orders')
    .select(
      'number, total_ore, buyer, participant:participants(email, name), organization:organizations(name, contact_email), checkout:checkouts(campaign:campaigns!checkouts_campaign_fkey(name)), lines:order_items(description, quantity)',
    )
    .eq('id', orderId)
    .maybeSingle();
  if (error) throw errorOf(error);
  const row = data as unknown as {
    number: number;
    total_ore: number;
    buyer: { name?: string };
    participant: { email: string; name: string | null } | null;
    organization: { name: string; contact_email: string | null };
    checkout: { campaign: { name: string } } | null;
    lines: { description: string; quantity: number }[];
  } | null;
  if (!row?.participant) return null;
  return {
    // A funnel's offer has no checkout: its product names it.
    checkoutName: row.checkout?.campaign.name ?? row.lines[0]?.description ?? `Ordre ${row.number}`,
    sellerName: row.organization.name,
    sellerContact: row.organization.contact_email,
    email: row.participant.email,
    name: row.buyer.name ?? row.participant.name,
    number: row.number,
    totalOre: row.total_ore,
    lines: row.lines,
  };
}

/** CheckoutOrderDb over the service role. */
export function supabaseCheckoutOrderDb(service: SupabaseClient): CheckoutOrderDb {
  const rpc = rpcOf(service);
  const orderWhere = async (column: 'id' | 'provider_payment_id', value: string) => {
    const { data, error } = await service.from('orders').select('*').eq(column, value).maybeSingle();
    if (error) throw errorOf(error);
    return (data as OrderRow | null) ?? null;
  };
  return {
    order: (orderId) => orderWhere('id', orderId),
    orderByPaymentId: (paymentId) => orderWhere('provider_payment_id', paymentId),
    async recordPayment(orderId, status, providerPaymentId, failureCode) {
      await rpc('record_checkout_payment', {
        input_order_id: orderId,
        input_status: status,
        input_provider_payment_id: providerPaymentId ?? undefined,
        input_failure_code: failureCode ?? undefined,
      });
    },
    async settle(orderId, intent) {
      return (await rpc('settle_checkout_order', {
        input_order_id: orderId,
        input_card_brand: intent.card?.brand ?? undefined,
        input_card_last4: intent.card?.last4 ?? undefined,
        input_customer_id: intent.customerId ?? undefined,
        input_payment_method_id: intent.paymentMethodId ?? undefined,
      })) as unknown as { settled: boolean; order: OrderRow };
    },
    async release(orderId, status) {
      await rpc('release_checkout_order', { input_order_id: orderId, input_status: status });
    },
    async recordRefund({ orderId, amountOre, refundId, reason, createdBy, buyerToken }) {
      const answer = (await rpc('record_checkout_refund_credit_note', {
        input_order_id: orderId,
        input_amount_ore: amountOre,
        input_provider_refund_id: refundId,
        input_reason: reason ?? undefined,
        input_created_by: createdBy ?? undefined,
        input_buyer_token: buyerToken,
      })) as unknown as {
        created: boolean;
        order: OrderRow;
        credit_note: Receipt | null;
        credited_receipt_number: number | null;
      };
      return {
        created: answer.created,
        order: answer.order,
        creditNote: answer.credit_note,
        creditedReceiptNumber: answer.credited_receipt_number,
      };
    },
    async issueReceipt(orderId, buyerToken) {
      return (await rpc('issue_checkout_order_receipt', {
        input_order_id: orderId,
        input_buyer_token: buyerToken,
      })) as unknown as Issued;
    },
    confirmationOf: (orderId) => orderConfirmationOf(service, orderId),
  };
}

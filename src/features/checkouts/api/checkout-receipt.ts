/**
 * The buyer's receipt page's read (`/kasse/kvittering`): its own module, so the checkout page, which
 * never shows a receipt, does not carry it.
 */
import { publicRpc } from '@/lib/public/public-rpc';
import type { Receipt } from '@/lib/receipts/types';
import { vatIncluded } from '@/lib/vat';

/** What `checkout_receipt` answers (supabase/migrations/20261129100000_checkout_orders.sql). */
interface ReceiptAnswer {
  number: number;
  status: string;
  created_at: string;
  paid_at: string | null;
  subtotal_ore: number;
  discount_ore: number;
  total_ore: number;
  card_brand: string | null;
  card_last4: string | null;
  seller: CheckoutReceipt['seller'];
  checkout: { thank_you_heading: string | null; thank_you_text: string | null; redirect_url: string | null };
  lines: {
    description: string;
    quantity: number;
    unit_price_ore: number;
    vat_rate: number;
    discount_ore: number;
  }[];
  vat: { rate: number; vat_ore: number }[];
}

/** The receipt page's view of an order. */
export interface CheckoutReceipt {
  number: number;
  status: string;
  created_at: string;
  paid_at: string | null;
  subtotal_ore: number;
  discount_ore: number;
  total_ore: number;
  card_brand: string | null;
  card_last4: string | null;
  redirect_url?: string | null;
  thank_you?: { heading: string | null; text: string | null };
  seller: { name: string; organization_number: string | null; email: string | null };
  items: {
    name: string;
    quantity: number;
    total_ore: number;
    discount_ore: number;
    vat_rate: number;
    vat_ore: number;
  }[];
  vat?: { rate: number; vat_ore: number }[];
  /** The numbered receipt (docs/payments.md «Receipts»), once issued, and its credit notes. */
  document?: Receipt | null;
  creditNotes?: Receipt[];
}

export const loadCheckoutReceipt = async (
  orderId: string,
  token: string,
  signal: AbortSignal,
): Promise<CheckoutReceipt> => {
  const [answer, documents] = await Promise.all([
    publicRpc<ReceiptAnswer>('checkout_receipt', { input_order_id: orderId, input_token: token }, { signal }),
    // The numbered documents add to the order's page; without them it still shows what was bought.
    publicRpc<Receipt[]>('receipt_by_token', { input_token: token }, { signal }).catch(() => []),
  ]);
  const document = documents.find((row) => row.kind === 'receipt' && row.source_id === orderId) ?? null;
  return {
    ...answer,
    document,
    creditNotes: documents.filter((row) => row.credited_receipt_id === document?.id),
    redirect_url: answer.checkout.redirect_url,
    thank_you: { heading: answer.checkout.thank_you_heading, text: answer.checkout.thank_you_text },
    items: answer.lines.map((line) => {
      const total = line.quantity * line.unit_price_ore - line.discount_ore;
      return {
        name: line.description,
        quantity: line.quantity,
        total_ore: total,
        discount_ore: line.discount_ore,
        vat_rate: line.vat_rate,
        vat_ore: vatIncluded(total, line.vat_rate),
      };
    }),
  };
};

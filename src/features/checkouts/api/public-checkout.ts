import { env } from '@/lib/env';
import { anonHeaders, PublicCallError, publicRpc } from '@/lib/public/public-rpc';
import { vatIncluded } from '@/lib/vat';
import type { CheckoutOrder } from '../components/public/checkout-values';
import type { CheckoutCoupon, PublicCheckout } from '../components/public/types';

/** The public calls of the checkout page (docs/checkouts.md «Public pages», «Paying»). */
export const loadPublicCheckout = (checkoutId: string, signal: AbortSignal) =>
  publicRpc<PublicCheckout>('public_checkout', { input_checkout_id: checkoutId }, { signal });

/** A visit for the figures; a failed count never stands in the buyer's way. */
export function recordCheckoutVisit(checkoutId: string, visitor: string | null, source: string | null) {
  publicRpc('record_checkout_visit', {
    input_checkout_id: checkoutId,
    input_visitor: visitor,
    input_source: source,
  }).catch(() => undefined);
}

export interface CheckoutSession {
  sessionId: string;
  token: string;
}

/** The e-mail step through the engine (honeypot, time trap, e-mail rules, rate limit). */
export async function startCheckoutSession(input: {
  checkoutId: string;
  email: string;
  recoveryOptIn: boolean;
  visitor: string | null;
  source: string | null;
  utm: Record<string, string>;
  honeypot: string;
  shownAt: string;
}): Promise<CheckoutSession> {
  const answer = await publicRpc<{ session_id: string; token: string }>('start_checkout', {
    input_checkout_id: input.checkoutId,
    input_email: input.email,
    input_recovery_opt_in: input.recoveryOptIn,
    input_visitor: input.visitor,
    input_source: input.source,
    input_utm: input.utm,
    input_honeypot: input.honeypot,
    input_shown_at: input.shownAt,
  });
  return { sessionId: answer.session_id, token: answer.token };
}

export const tryCheckoutCoupon = (checkoutId: string, code: string) =>
  publicRpc<CheckoutCoupon>('checkout_coupon', { input_checkout_id: checkoutId, input_code: code });

export type StartAnswer =
  | {
      status: 'requires_confirmation';
      orderId: string;
      orderToken: string;
      totalOre: number;
      provider: 'stripe' | 'local';
      publishableKey: string | null;
      stripeAccount: string | null;
      clientSecret: string;
    }
  | { status: 'succeeded'; orderId: string; orderToken: string };

export type ConfirmAnswer =
  | { status: 'succeeded' | 'processing' }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: { code: string } };

/**
 * One call of checkout-pay as anon (the session's token is the authority). A refusal is thrown as
 * PublicCallError with its catalogue code and status (null: no answer, so the same request id may be
 * sent again).
 */
async function checkoutPay<T>(body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/checkout-pay`, {
      method: 'POST',
      headers: anonHeaders(),
      body: JSON.stringify(body),
    });
  } catch {
    throw new PublicCallError('network', null);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { error?: { code?: string } };
  if (response.ok) return answer;
  const code = answer.error?.code ?? (response.status === 429 ? 'rate-limited' : 'unknown');
  throw new PublicCallError(code as PublicCallError['code'], response.status);
}

export const startCheckoutPayment = (
  session: CheckoutSession,
  requestId: string,
  order: CheckoutOrder,
  funnel: { funnelId: string; stepId: string; visitor: string } | null = null,
): Promise<StartAnswer> =>
  checkoutPay({
    action: 'start',
    sessionId: session.sessionId,
    sessionToken: session.token,
    requestId,
    items: order.items,
    bump: order.bump,
    couponCode: order.couponCode ?? undefined,
    buyer: order.buyer,
    answers: order.answers,
    consent: order.consent,
    marketingConsent: order.marketingConsent,
    // Paid on a funnel's checkout step (src/lib/funnel-checkout.ts).
    ...(funnel
      ? { funnel: { funnelId: funnel.funnelId, stepId: funnel.stepId, visitor: funnel.visitor } }
      : {}),
  });

export const confirmCheckoutPayment = (orderId: string, orderToken: string): Promise<ConfirmAnswer> =>
  checkoutPay({ action: 'confirm', orderId, orderToken });

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
  document?: ReceiptDocument | null;
  creditNotes?: { number: number; total_ore: number }[];
}

/** The columns of `receipt_by_token`'s rows the page shows. */
interface ReceiptDocument {
  id: string;
  kind: 'receipt' | 'credit_note';
  number: number;
  source_id: string;
  credited_receipt_id: string | null;
  total_ore: number;
  seller_organization_number: string;
  seller_street_address: string;
  seller_postal_code: string;
  seller_city: string;
  seller_vat_registered: boolean;
  seller_foretaksregisteret: boolean;
}

export const loadCheckoutReceipt = async (
  orderId: string,
  token: string,
  signal: AbortSignal,
): Promise<CheckoutReceipt> => {
  const [answer, documents] = await Promise.all([
    publicRpc<ReceiptAnswer>('checkout_receipt', { input_order_id: orderId, input_token: token }, { signal }),
    // The numbered documents add to the order's page; without them it still shows what was bought.
    publicRpc<ReceiptDocument[]>('receipt_by_token', { input_token: token }, { signal }).catch(() => []),
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

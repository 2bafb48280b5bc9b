import { env } from '@/lib/env';
import { anonHeaders, PublicCallError, publicRpc } from '@/lib/public/public-rpc';
import type { CheckoutOrder } from '../components/public/checkout-values';
import type { CheckoutCoupon } from '../components/public/types';

/** The public calls of the checkout page (docs/checkouts.md «Public pages», «Paying»); its first read is in read-public-checkout.ts. */
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

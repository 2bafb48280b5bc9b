/**
 * The funnel's half of the embedded checkout (the checkout's half, which reads this query and posts
 * the message, is src/lib/funnel-checkout.ts).
 */
import type { FunnelCheckoutContext, FunnelCheckoutPaid } from '@/lib/funnel-checkout';

/** The embedded checkout's address on a funnel's checkout step. */
export function funnelCheckoutSrc(
  checkoutId: string,
  context: FunnelCheckoutContext,
  language?: string | null,
): string {
  const query = new URLSearchParams({
    id: checkoutId,
    trakt: context.funnelId,
    steg: context.stepId,
    besokende: context.visitor,
  });
  if (context.savesCard) query.set('lagre', '1');
  if (language) query.set('lang', language);
  return `/kasse/iframe?${query}`;
}

/** The paid order of a message from an embedded checkout of this origin, or null. */
export function funnelCheckoutPaidOf(event: MessageEvent): FunnelCheckoutPaid | null {
  if (event.origin !== window.location.origin) return null;
  const data = event.data as Partial<FunnelCheckoutPaid> | null;
  if (data?.type !== 'leadtorget:checkout-paid') return null;
  if (typeof data.orderId !== 'string' || typeof data.orderToken !== 'string') return null;
  return { type: data.type, orderId: data.orderId, orderToken: data.orderToken };
}

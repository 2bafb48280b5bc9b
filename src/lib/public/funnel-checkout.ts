/**
 * A checkout paid inside a funnel (docs/funnels.md «Public pages»). The funnel's checkout step embeds
 * the checkout's own page (`/kasse/iframe?id=…`) with the funnel's context in the query; the checkout
 * sends it to checkout-pay and, once paid, tells the funnel's page (its parent, the same origin) which
 * order was paid instead of opening the receipt. Features do not import each other: this is the
 * contract between the two.
 */

/** What the checkout needs of the funnel: where it is, who visits, and whether the card is kept. */
export interface FunnelCheckoutContext {
  funnelId: string;
  stepId: string;
  /** The funnel's random visitor id (sticky split tests and figures; never a person). */
  visitor: string;
  /** An offer follows the checkout: the card is saved for it, and the page says so by the pay button. */
  savesCard: boolean;
}

/** The message the embedded checkout posts to the funnel's page after the payment. */
export type FunnelCheckoutPaid = { type: 'leadtorget:checkout-paid'; orderId: string; orderToken: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR = /^[A-Za-z0-9_-]{8,128}$/;

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

/** The funnel's context of a checkout page's query, or null for a plain checkout. */
export function funnelCheckoutContext(search: string): FunnelCheckoutContext | null {
  const query = new URLSearchParams(search);
  const funnelId = query.get('trakt') ?? '';
  const stepId = query.get('steg') ?? '';
  const visitor = query.get('besokende') ?? '';
  if (!UUID.test(funnelId) || !UUID.test(stepId) || !VISITOR.test(visitor)) return null;
  return { funnelId, stepId, visitor, savesCard: query.get('lagre') === '1' };
}

/** Tells the funnel's page (the parent frame of the same origin) that the order is paid. */
export function reportFunnelCheckoutPaid(orderId: string, orderToken: string): void {
  const message: FunnelCheckoutPaid = { type: 'leadtorget:checkout-paid', orderId, orderToken };
  window.parent.postMessage(message, window.location.origin);
}

/** The paid order of a message from an embedded checkout of this origin, or null. */
export function funnelCheckoutPaidOf(event: MessageEvent): FunnelCheckoutPaid | null {
  if (event.origin !== window.location.origin) return null;
  const data = event.data as Partial<FunnelCheckoutPaid> | null;
  if (data?.type !== 'leadtorget:checkout-paid') return null;
  if (typeof data.orderId !== 'string' || typeof data.orderToken !== 'string') return null;
  return { type: data.type, orderId: data.orderId, orderToken: data.orderToken };
}

/**
 * A checkout paid inside a funnel (docs/funnels.md «Public pages»). The funnel's checkout step embeds
 * the checkout's own page (`/kasse/iframe?id=…`) with the funnel's context in the query; the checkout
 * sends it to checkout-pay and, once paid, tells the funnel's page (its parent, the same origin) which
 * order was paid instead of opening the receipt. Features do not import each other: this is the
 * checkout's half of the contract; the funnel's half (the frame's address, reading the message) is
 * src/features/funnels/components/public/checkout-frame.ts, kept apart so neither page carries the
 * other's code.
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

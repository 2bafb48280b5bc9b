/**
 * What the funnel's pages keep in the browser: the visitor's random id (localStorage, so a split test
 * shows the same variant on a return visit) and, per funnel, the orders paid in this tab with the
 * moment each was paid (sessionStorage: the offers follow the latest) and the open offer attempt's
 * request id, so a double click or a reload never charges twice. Refused storage keeps nothing.
 */
import type { PaidOrder } from '../../api/public-funnel';

export type KeptOrder = PaidOrder & { paidAt: number };

interface StoredFunnel {
  orders?: KeptOrder[];
  /** The open accept's request id per offer step. */
  attempts?: Record<string, string>;
}

const keyOf = (funnelId: string) => `leadtorget:funnel:${funnelId}`;

function read(funnelId: string): StoredFunnel {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(funnelId)) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

function write(funnelId: string, change: StoredFunnel) {
  try {
    sessionStorage.setItem(keyOf(funnelId), JSON.stringify({ ...read(funnelId), ...change }));
  } catch {
    // Refused: a reload starts over.
  }
}

/** The browser's random funnel visitor id (one per browser, never a person). */
export function funnelVisitor(): string {
  const key = 'leadtorget:funnel-visitor';
  try {
    const known = localStorage.getItem(key);
    if (known) return known;
    const id = crypto.randomUUID().replace(/-/g, '');
    localStorage.setItem(key, id);
    return id;
  } catch {
    return crypto.randomUUID().replace(/-/g, '');
  }
}

export const paidOrders = (funnelId: string): KeptOrder[] => read(funnelId).orders ?? [];

/** An order paid now (the checkout's or an accepted offer's); the next offers follow it. */
export function keepOrder(funnelId: string, order: PaidOrder) {
  const orders = paidOrders(funnelId).filter((known) => known.orderId !== order.orderId);
  write(funnelId, { orders: [...orders, { ...order, paidAt: Date.now() }] });
}

/** The accept's request id for an offer: the kept one, or a new one kept until the attempt ends. */
export function offerAttempt(funnelId: string, stepId: string): string {
  const attempts = read(funnelId).attempts ?? {};
  const known = attempts[stepId];
  if (known) return known;
  const requestId = crypto.randomUUID();
  write(funnelId, { attempts: { ...attempts, [stepId]: requestId } });
  return requestId;
}

export function endOfferAttempt(funnelId: string, stepId: string) {
  const attempts = { ...(read(funnelId).attempts ?? {}) };
  delete attempts[stepId];
  write(funnelId, { attempts });
}

import { startEarlyRead, takeEarlyRead } from '@/lib/public/early-read';
import { publicRpc } from '@/lib/public/public-rpc';
import type { PublicCheckout } from '../components/public/types';

/**
 * The checkout page's first read, apart from its other calls: the route module starts it as it runs
 * (src/lib/public/early-read.ts), and carries only this small module to do so.
 */
const loadPublicCheckout = (checkoutId: string, signal?: AbortSignal) =>
  publicRpc<PublicCheckout>('public_checkout', { input_checkout_id: checkoutId }, { signal });

const earlyKey = (checkoutId: string) => `public_checkout:${checkoutId}`;

/** Starts the checkout's read while the page's code loads. */
export const startCheckoutRead = (checkoutId: string) =>
  startEarlyRead(earlyKey(checkoutId), () => loadPublicCheckout(checkoutId));

/** The checkout's read: the early one when the route started it, else a fresh one. */
export const readPublicCheckout = (checkoutId: string, signal: AbortSignal) =>
  takeEarlyRead<PublicCheckout>(earlyKey(checkoutId)) ?? loadPublicCheckout(checkoutId, signal);

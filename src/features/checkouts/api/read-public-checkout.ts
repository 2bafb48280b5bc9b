import { takeStartedRead } from '@/lib/public/early-read';
import { publicRpc } from '@/lib/public/public-rpc';
import type { PublicCheckout } from '../components/public/types';

/**
 * The checkout's read: on a page load `index.html` already started it (src/app/early-reads.ts), and
 * that answer is taken once; a retry or an in-app visit reads afresh.
 */
export const readPublicCheckout = (checkoutId: string, signal: AbortSignal) =>
  publicRpc<PublicCheckout>(
    'public_checkout',
    { input_checkout_id: checkoutId },
    { signal, started: takeStartedRead('public_checkout', checkoutId) },
  );

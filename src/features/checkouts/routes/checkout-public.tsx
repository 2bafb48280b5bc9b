import { useEffect } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';
import { startCheckoutRead } from '../api/public-checkout';
import { CheckoutPage } from '../components/public/checkout-page';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { checkoutMessages } from '../components/public/checkout-texts';

const CHECKOUT_IFRAME_PATH = '/kasse/iframe';

/** The checkout's id in `/kasse/:id` or `/kasse/iframe?id=…`; null on any other path. */
function checkoutIdOf({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (!pathname.startsWith('/kasse/')) return null;
  if (pathname === CHECKOUT_IFRAME_PATH) return new URLSearchParams(search).get('id');
  return pathname.split('/').filter(Boolean)[1] ?? null;
}

// The checkout's read starts as this module runs, beside the page's own chunk (its LCP waits on both).
const earlyId = checkoutIdOf(window.location);
if (earlyId) startCheckoutRead(earlyId);

/**
 * The public checkout (its page imported here, not lazily: its code and the read above travel in the
 * same round as this module): a published checkout at `/kasse/:id`, or `/kasse/iframe?id=…` inside a
 * customer's page, whose height goes to the parent (docs/campaign-engine.md «Embeds»). The receipt at
 * `/kasse/kvittering` is its own module (checkout-receipt.tsx), so neither page carries the other.
 */
export default function CheckoutPublicRoute() {
  const embedded = window.location.pathname === CHECKOUT_IFRAME_PATH;
  useEffect(() => (embedded ? reportHeightToParent() : undefined), [embedded]);
  return <CheckoutPage checkoutId={checkoutIdOf(window.location)} />;
}

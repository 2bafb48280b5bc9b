import { useEffect } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';
import { CheckoutPage } from '../public/checkout-page';

const CHECKOUT_IFRAME_PATH = '/kasse/iframe';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { checkoutMessages } from '../public/checkout-texts';

/**
 * A published checkout: `/kasse/:id` on its own page, or `/kasse/iframe?id=…` inside a customer's
 * page, whose height goes to the parent (docs/campaign-engine.md «Embeds»). One registry entry for both.
 */
export default function CheckoutPublicRoute() {
  const embedded = window.location.pathname === CHECKOUT_IFRAME_PATH;
  useEffect(() => (embedded ? reportHeightToParent() : undefined), [embedded]);
  const id = embedded
    ? new URLSearchParams(window.location.search).get('id')
    : (window.location.pathname.split('/').filter(Boolean)[1] ?? null);
  return <CheckoutPage checkoutId={id} />;
}

import { lazy, Suspense, useEffect } from 'react';
import { reportHeightToParent } from '@/lib/public/report-height';

// Each path loads only its own page: the buyer paying never downloads the receipt's code, nor the
// receipt's reader the payment's.
const CheckoutPage = lazy(() =>
  import('../components/public/checkout-page').then((module) => ({ default: module.CheckoutPage })),
);
const ReceiptPage = lazy(() =>
  import('../components/public/receipt-page').then((module) => ({ default: module.ReceiptPage })),
);

const CHECKOUT_IFRAME_PATH = '/kasse/iframe';
const RECEIPT_PATH = '/kasse/kvittering';

/** The checkout's id in `/kasse/:id` or `/kasse/iframe?id=…`; null elsewhere (the receipt too). */
function checkoutIdOf({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  // Other pages load this module for its texts (a funnel's checkout step).
  if (!pathname.startsWith('/kasse/') || pathname === RECEIPT_PATH) return null;
  if (pathname === CHECKOUT_IFRAME_PATH) return new URLSearchParams(search).get('id');
  return pathname.split('/').filter(Boolean)[1] ?? null;
}

// The registry loads the pages' texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { checkoutMessages } from '../components/public/checkout-texts';

/**
 * The checkout's public pages, one module for the registry's two entries (every entry's files are
 * listed in the public entry that each public page loads): a published checkout at `/kasse/:id`, or
 * `/kasse/iframe?id=…` inside a customer's page, whose height goes to the parent
 * (docs/campaign-engine.md «Embeds»); and the receipt at `/kasse/kvittering?ordre=…&token=…`.
 */
export default function CheckoutPublicRoute() {
  const { pathname, search } = window.location;
  const embedded = pathname === CHECKOUT_IFRAME_PATH;
  useEffect(() => (embedded ? reportHeightToParent() : undefined), [embedded]);
  const query = new URLSearchParams(search);
  const id = checkoutIdOf(window.location);
  return (
    <Suspense fallback={null}>
      {pathname === RECEIPT_PATH ? (
        <ReceiptPage orderId={query.get('ordre')} token={query.get('token')} />
      ) : (
        <CheckoutPage checkoutId={id} />
      )}
    </Suspense>
  );
}

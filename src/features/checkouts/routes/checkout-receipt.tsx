import { ReceiptPage } from '../components/public/receipt-page';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { checkoutMessages } from '../components/public/checkout-texts';

/** The buyer's receipt at `/kasse/kvittering?ordre=…&token=…` (the e-mail's link). */
export default function CheckoutReceiptRoute() {
  const query = new URLSearchParams(window.location.search);
  return <ReceiptPage orderId={query.get('ordre')} token={query.get('token')} />;
}

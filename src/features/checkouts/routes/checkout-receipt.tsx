import { ReceiptPage } from '../public/receipt-page';

// The registry loads the page's texts through this module (src/app/public-routes.ts).
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export { checkoutMessages } from '../public/checkout-texts';

/** `/kasse/kvittering?ordre=…&token=…`: the buyer's receipt (the link in the receipt e-mail). */
export default function CheckoutReceiptRoute() {
  const query = new URLSearchParams(window.location.search);
  return <ReceiptPage orderId={query.get('ordre')} token={query.get('token')} />;
}

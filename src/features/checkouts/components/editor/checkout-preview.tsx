import { DevicePreview } from '@/components/device-preview';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { publicDesignVariables } from '@/lib/public/public-design';
import { useCheckoutTexts } from '../public/checkout-texts';
import { CheckoutView } from '../public/checkout-view';
import view from '../public/checkout.module.css';
import type { PublicCheckout } from '../public/types';

/** The example buyer whose e-mail step the preview shows as done, so the order shows at once. */
const EXAMPLE_EMAIL = 'kari@eksempel.no';

/**
 * The live preview: the public checkout's own view (CheckoutView in preview: nothing is written or
 * paid) on the draft being edited, in a phone's or a desktop's width; «Etter kjøpet» shows the
 * thank-you texts as the receipt page shows them. Inert: it shows, it takes no input.
 */
export function CheckoutPreview({ checkout, thanks }: { checkout: PublicCheckout; thanks: boolean }) {
  const texts = useCheckoutTexts();
  // The view holds the buyer's quantities from its first render: a new product list starts it again.
  const key = checkout.products.map((product) => `${product.id}:${product.role}`).join(',');

  return (
    <DevicePreview inert testId="checkout-preview">
      {thanks ? (
        <PublicPage variables={publicDesignVariables(checkout.design)} framed>
          <div className={view.page}>
            <header className={view.section}>
              <h1 className={ui.title}>{checkout.thank_you.heading ?? texts.t('receipt.heading')}</h1>
              <p className={view.description}>{checkout.thank_you.text ?? texts.t('receipt.text')}</p>
            </header>
          </div>
        </PublicPage>
      ) : (
        <CheckoutView key={key} checkout={checkout} preview sessionEmail={EXAMPLE_EMAIL} />
      )}
    </DevicePreview>
  );
}

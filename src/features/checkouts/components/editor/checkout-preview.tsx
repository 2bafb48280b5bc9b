import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { publicDesignVariables } from '@/lib/public/public-design';
import { useCheckoutTexts } from '../public/checkout-texts';
import { CheckoutView } from '../public/checkout-view';
import view from '../public/checkout.module.css';
import type { PublicCheckout } from '../public/types';
import styles from './checkout-editor.module.css';

/** The example buyer whose e-mail step the preview shows as done, so the order shows at once. */
const EXAMPLE_EMAIL = 'kari@eksempel.no';

/**
 * The live preview: the public checkout's own view (CheckoutView in preview: nothing is written or
 * paid) on the draft being edited, in a phone's or a desktop's width; «Etter kjøpet» shows the
 * thank-you texts as the receipt page shows them. Inert: it shows, it takes no input.
 */
export function CheckoutPreview({ checkout, thanks }: { checkout: PublicCheckout; thanks: boolean }) {
  const { t } = useTranslation('checkouts');
  const texts = useCheckoutTexts();
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  // The view holds the buyer's quantities from its first render: a new product list starts it again.
  const key = checkout.products.map((product) => `${product.id}:${product.role}`).join(',');

  return (
    <section aria-labelledby="checkout-preview-title" className={styles.previewPane}>
      <div className={styles.previewHead}>
        <h2 id="checkout-preview-title">{t('editor.preview.title')}</h2>
        <div role="group" aria-label={t('editor.preview.width')} className={styles.saveState}>
          {(['phone', 'desktop'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={width === value ? 'primary' : 'secondary'}
              aria-pressed={width === value}
              onClick={() => setWidth(value)}
            >
              {t(`editor.preview.${value}`)}
            </Button>
          ))}
        </div>
      </div>
      <div
        className={`${styles.frame} ${width === 'phone' ? styles.phone : ''} ${styles.inert}`}
        inert
        data-testid="checkout-preview"
      >
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
      </div>
    </section>
  );
}

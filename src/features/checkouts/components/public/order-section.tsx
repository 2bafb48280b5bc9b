import { useId, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import ui from '@/components/public/public-ui.module.css';
import { describedBy } from '@/lib/public/described-by';
import { vatIncluded } from '@/lib/vat';
import { useCheckoutTexts } from './checkout-texts';
import styles from './checkout.module.css';
import { type CheckoutTotals, formatKroner, LOW_STOCK, maxQuantity, shownPrice } from './totals';
import type { CheckoutCoupon, CheckoutProduct, PublicCheckout } from './types';

type ProductProps = {
  product: CheckoutProduct;
  display: PublicCheckout['price_display'];
  imageUrl: string | null;
  quantity: number;
  onQuantity?: (quantity: number) => void;
  disabled: boolean;
};

/** One product: picture, name, description, price and, where the buyer may change it, a stepper. */
function ProductCard({ product, display, imageUrl, quantity, onQuantity, disabled }: ProductProps) {
  const { t, language } = useCheckoutTexts();
  const left = maxQuantity(product);
  const price = shownPrice(product, display);
  return (
    <div className={imageUrl ? styles.product : `${styles.product} ${styles.noImage}`}>
      {imageUrl ? (
        <img
          className={styles.image}
          src={imageUrl}
          alt={product.image_alt ?? t('order.image', { name: product.name })}
        />
      ) : null}
      <div className={styles.productText}>
        <h3 className={styles.productName}>{product.name}</h3>
        {product.description ? <p className={styles.description}>{product.description}</p> : null}
        <p className={styles.price}>
          {formatKroner(price, language)} {display === 'incl' ? t('order.inclVat') : t('order.exclVat')}
          {display === 'excl' ? (
            <span className={ui.hint}>
              {' '}
              {t('order.vatAdded', {
                amount: formatKroner(vatIncluded(product.price_ore, product.vat_rate), language),
                rate: product.vat_rate,
              })}
            </span>
          ) : null}
        </p>
        {left === 0 ? (
          <p>
            <span className={styles.badge}>{t('order.soldOut')}</span>
          </p>
        ) : product.stock !== null && product.stock <= LOW_STOCK ? (
          <p>
            <span className={styles.badge}>{t('order.fewLeft', { count: product.stock })}</span>
          </p>
        ) : null}
        {onQuantity && left > 0 ? (
          <div className={styles.stepper} role="group" aria-label={`${t('order.quantity')}: ${product.name}`}>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t('order.fewer', { name: product.name })}
              disabled={disabled || quantity <= 1}
              onClick={() => onQuantity(quantity - 1)}
            >
              −
            </button>
            <span className={styles.quantity} aria-live="polite">
              {quantity}
            </span>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t('order.more', { name: product.name })}
              disabled={disabled || quantity >= left}
              onClick={() => onQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

type OrderSectionProps = {
  checkout: PublicCheckout;
  imageUrls: Record<string, string | null>;
  quantities: Record<string, number>;
  onQuantity: (productId: string, quantity: number) => void;
  bump: boolean;
  onBump: (checked: boolean) => void;
  coupon: CheckoutCoupon | null;
  onCoupon: (code: string) => Promise<string | null>;
  onRemoveCoupon: () => void;
  totals: CheckoutTotals;
  disabled: boolean;
};

/** The order: the products, the bump's tick box, the discount code and the summary with MVA per rate. */
export function OrderSection(props: OrderSectionProps) {
  const { checkout, totals, disabled, coupon } = props;
  const { t, language } = useCheckoutTexts();
  const id = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [trying, setTrying] = useState(false);
  const main = checkout.products.filter((product) => product.role === 'main');
  const bumpProduct = checkout.products.find((product) => product.role === 'bump');
  const kr = (ore: number) => formatKroner(ore, language);

  const discountLine =
    coupon && totals.discountOre > 0 ? (
      <>
        <dt>{t('summary.discount', { code: coupon.code })}</dt>
        <dd>−{kr(totals.discountOre)}</dd>
      </>
    ) : null;

  const applyCode = async () => {
    if (!code.trim()) return;
    setTrying(true);
    const failure = await props.onCoupon(code.trim());
    setTrying(false);
    setCodeError(failure ?? undefined);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-order`}>
      <h2 id={`${id}-order`} className={ui.heading}>
        {t('order.heading')}
      </h2>
      {main.map((product) => (
        <ProductCard
          key={product.id}
          product={product}
          display={checkout.price_display}
          imageUrl={props.imageUrls[product.id] ?? null}
          quantity={props.quantities[product.id] ?? 0}
          onQuantity={
            product.quantity_editable ? (quantity) => props.onQuantity(product.id, quantity) : undefined
          }
          disabled={disabled}
        />
      ))}

      {bumpProduct && checkout.bump && maxQuantity(bumpProduct) > 0 ? (
        <div className={styles.bump}>
          <label className={ui.check}>
            <input
              type="checkbox"
              checked={props.bump}
              disabled={disabled}
              onChange={(event) => props.onBump(event.target.checked)}
            />
            <span>
              <strong>{checkout.bump.heading}</strong> ({kr(shownPrice(bumpProduct, checkout.price_display))}{' '}
              {checkout.price_display === 'incl' ? t('order.inclVat') : t('order.exclVat')})
            </span>
          </label>
          {checkout.bump.text ? <p className={styles.description}>{checkout.bump.text}</p> : null}
          <ProductCard
            product={bumpProduct}
            display={checkout.price_display}
            imageUrl={props.imageUrls[bumpProduct.id] ?? null}
            quantity={1}
            disabled={disabled}
          />
        </div>
      ) : null}

      {checkout.coupons ? (
        coupon ? (
          <div className={ui.actions}>
            <p role="status">{t('coupon.applied', { code: coupon.code, amount: kr(totals.discountOre) })}</p>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={disabled}
              onClick={props.onRemoveCoupon}
            >
              {t('coupon.remove')}
            </button>
          </div>
        ) : (
          <details>
            <summary className={ui.summary}>{t('coupon.toggle')}</summary>
            <div className={styles.couponRow}>
              <div className={ui.field}>
                <label className={ui.label} htmlFor={`${id}-code`}>
                  {t('coupon.label')}
                </label>
                <input
                  id={`${id}-code`}
                  className={ui.input}
                  value={code}
                  autoCapitalize="characters"
                  disabled={disabled}
                  onChange={(event) => setCode(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void applyCode();
                    }
                  }}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={describedBy(`${id}-code`, codeError)}
                />
              </div>
              <button
                type="button"
                className={ui.button}
                disabled={disabled || trying}
                onClick={() => void applyCode()}
              >
                {t('coupon.apply')}
              </button>
            </div>
            <FieldError fieldId={`${id}-code`} text={codeError} />
          </details>
        )
      ) : null}

      <h3 className={ui.subheading}>{t('summary.heading')}</h3>
      <dl className={styles.totals}>
        {checkout.price_display === 'excl' ? (
          <>
            {discountLine}
            <dt>{t('summary.net')}</dt>
            <dd>{kr(totals.netOre)}</dd>
            {totals.vat.map((entry) => (
              <RateLine
                key={entry.rate}
                label={t('summary.vatAdded', { rate: entry.rate })}
                ore={entry.vatOre}
              />
            ))}
          </>
        ) : (
          <>
            <dt>{t('summary.subtotal')}</dt>
            <dd>{kr(totals.subtotalOre)}</dd>
            {discountLine}
          </>
        )}
        <dt className={styles.grand}>{t('summary.total')}</dt>
        <dd className={styles.grand}>{kr(totals.totalOre)}</dd>
        {checkout.price_display === 'incl'
          ? totals.vat.map((entry) => (
              <RateLine
                key={entry.rate}
                label={t('summary.vatIncluded', { rate: entry.rate })}
                ore={entry.vatOre}
              />
            ))
          : null}
      </dl>
    </section>
  );
}

function RateLine({ label, ore }: { label: string; ore: number }) {
  const { language } = useCheckoutTexts();
  return (
    <>
      <dt>{label}</dt>
      <dd>{formatKroner(ore, language)}</dd>
    </>
  );
}

import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { describedBy } from '@/lib/public/described-by';
import { publicDesignVariables } from '@/lib/public/public-design';
import { failureText } from '@/lib/public/public-texts';
import { useCheckoutTexts } from './checkout-texts';
import {
  type BuyerDetails,
  type CheckoutOrder,
  checkoutOrder,
  detailProblems,
  EMPTY_DETAILS,
  emailProblem,
} from './checkout-values';
import styles from './checkout.module.css';
import { DetailsSection } from './details-section';
import { OrderSection } from './order-section';
import { checkoutTotals, formatKroner, maxQuantity } from './totals';
import type { CheckoutCoupon, PublicCheckout } from './types';

/** What the page does with the buyer's input; the preview has none (nothing is written or paid). */
export interface CheckoutActions {
  /** The e-mail step (`start_checkout`): null when done, else the refusal's code. */
  startSession: (input: {
    email: string;
    recoveryOptIn: boolean;
    honeypot: string;
  }) => Promise<string | null>;
  /** `checkout_coupon`: the discount, or the refusal's code. */
  tryCoupon: (code: string) => Promise<CheckoutCoupon | { error: string }>;
  /** Opens the payment step for the order (checkout-pay `start`): null when it opened, else the code. */
  proceed: (order: CheckoutOrder) => Promise<string | null>;
}

export type CheckoutViewProps = {
  checkout: PublicCheckout;
  /** The builder's live preview: nothing is written, paying is off. */
  preview?: boolean;
  /** Signed links of the products' pictures, by product id. */
  imageUrls?: Record<string, string | null>;
  actions?: CheckoutActions;
  /** The e-mail of a session this page already started (a reload): the e-mail step is done. */
  sessionEmail?: string | null;
  /** The card step of an open attempt; the order and details are locked while it shows. */
  payment?: ReactNode;
  /** A refusal of the card step, in words (the page's own refusals show without it). */
  alert?: string | null;
  /** Leaves the card step to change the order (a new attempt follows). */
  onEdit?: () => void;
};

const initialQuantities = (checkout: PublicCheckout) =>
  Object.fromEntries(
    checkout.products
      .filter((product) => product.role === 'main')
      .map((product) => [product.id, maxQuantity(product) > 0 ? 1 : 0]),
  );

/**
 * A checkout as the buyer sees it (docs/checkouts.md «Public pages»), mobile first: the e-mail, then
 * the order (products, bump, code, summary with MVA per rate), the details and consents, and the card
 * step the page passes in, in the organization's colours. Presentational: the public page and the builder's preview both render it.
 */
export function CheckoutView(props: CheckoutViewProps) {
  const { checkout, preview = false, actions } = props;
  const { t, language } = useCheckoutTexts();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState(props.sessionEmail ?? '');
  const [recovery, setRecovery] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [emailDone, setEmailDone] = useState(Boolean(props.sessionEmail));
  const [quantities, setQuantities] = useState(() => initialQuantities(checkout));
  const [bump, setBump] = useState(false);
  const [coupon, setCoupon] = useState<CheckoutCoupon | null>(null);
  const [details, setDetails] = useState<BuyerDetails>(EMPTY_DETAILS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = Boolean(props.payment) || busy;

  const bumpProduct = checkout.products.find((product) => product.role === 'bump');
  const totals = useMemo(
    () =>
      checkoutTotals(
        [
          ...checkout.products
            .filter((product) => product.role === 'main')
            .map((product) => ({ product, quantity: quantities[product.id] ?? 0 })),
          ...(bumpProduct && bump ? [{ product: bumpProduct, quantity: 1 }] : []),
        ],
        coupon,
      ),
    [checkout.products, quantities, bump, bumpProduct, coupon],
  );
  const errors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)]));

  /** The first field with a problem gets the focus, so a screen reader hears its message. */
  const focusFirst = (found: Record<string, string>) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setProblems(problem ? { email: problem } : {});
    if (problem) return focusFirst({ email: problem });
    if (preview || !actions) return setEmailDone(true);
    setBusy(true);
    const code = await actions.startSession({ email: email.trim(), recoveryOptIn: recovery, honeypot });
    setBusy(false);
    setFailure(code);
    if (!code) setEmailDone(true);
  };

  const tryCoupon = async (code: string): Promise<string | null> => {
    if (preview || !actions) return null;
    const answer = await actions.tryCoupon(code);
    if ('error' in answer) return failureText(t, answer.error);
    setCoupon(answer);
    return null;
  };

  const submitOrder = async (event: FormEvent) => {
    event.preventDefault();
    const found = detailProblems(checkout, details);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    if (preview || !actions) return;
    setBusy(true);
    const code = await actions.proceed(
      checkoutOrder({ checkout, quantities, bump, coupon, details, totalOre: totals.totalOre }),
    );
    setBusy(false);
    setFailure(code);
  };

  const changeDetails = (change: Partial<BuyerDetails>) => setDetails((before) => ({ ...before, ...change }));

  return (
    <PublicPage variables={publicDesignVariables(checkout.design)} framed={preview}>
      <div className={styles.page} ref={root}>
        <header className={styles.section}>
          <h1 className={ui.title}>{checkout.name}</h1>
          <SellerBlock seller={checkout.seller} />
        </header>

        <form
          className={styles.section}
          onSubmit={(event) => void submitEmail(event)}
          noValidate
          aria-labelledby={`${id}-email-heading`}
        >
          <h2 id={`${id}-email-heading`} className={ui.heading}>
            {t('email.heading')}
          </h2>
          {emailDone ? (
            <div className={ui.actions}>
              <p className={ui.plain}>{t('email.given', { email })}</p>
              {!props.sessionEmail ? (
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary}`}
                  disabled={locked}
                  onClick={() => setEmailDone(false)}
                >
                  {t('email.change')}
                </button>
              ) : null}
            </div>
          ) : (
            <>
              <div className={ui.field}>
                <label className={ui.label} htmlFor={`${id}-email`}>
                  {t('participant.email')}
                </label>
                <input
                  id={`${id}-email`}
                  className={ui.input}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  data-field="email"
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={describedBy(`${id}-email`, errors.email, `${id}-email-hint`)}
                />
                <p id={`${id}-email-hint`} className={ui.hint}>
                  {t('email.hint')}
                </p>
                <FieldError fieldId={`${id}-email`} text={errors.email} />
              </div>
              {checkout.recovery ? (
                <label className={ui.check}>
                  <input
                    type="checkbox"
                    checked={recovery}
                    onChange={(event) => setRecovery(event.target.checked)}
                  />
                  <span>{t('email.recovery')}</span>
                </label>
              ) : null}
              <div className={ui.honeypot} aria-hidden="true">
                <label htmlFor={`${id}-website`}>{t('participant.honeypot')}</label>
                <input
                  id={`${id}-website`}
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={honeypot}
                  onChange={(event) => setHoneypot(event.target.value)}
                />
              </div>
              <button type="submit" className={styles.payButton} disabled={busy}>
                {t('email.next')}
              </button>
            </>
          )}
        </form>

        {failure || props.alert ? (
          <p className={`${styles.section} ${ui.error}`} role="alert">
            {failure ? failureText(t, failure) : props.alert}
          </p>
        ) : null}

        {emailDone ? (
          <form className={styles.page} onSubmit={(event) => void submitOrder(event)} noValidate>
            <OrderSection
              checkout={checkout}
              imageUrls={props.imageUrls ?? {}}
              quantities={quantities}
              onQuantity={(productId, quantity) =>
                setQuantities((before) => ({ ...before, [productId]: quantity }))
              }
              bump={bump}
              onBump={setBump}
              coupon={coupon}
              onCoupon={tryCoupon}
              onRemoveCoupon={() => setCoupon(null)}
              totals={totals}
              disabled={locked}
            />
            <DetailsSection
              checkout={checkout}
              values={details}
              onChange={changeDetails}
              errors={errors}
              disabled={locked}
            />
            {props.payment ? null : (
              <div className={styles.section}>
                {preview ? <p className={ui.hint}>{t('pay.preview')}</p> : null}
                <button
                  type="submit"
                  className={styles.payButton}
                  disabled={preview || busy || totals.lines.length === 0}
                >
                  {t('pay.toPayment')} ({formatKroner(totals.totalOre, language)})
                </button>
              </div>
            )}
          </form>
        ) : null}

        {props.payment ? (
          <section className={styles.section} aria-labelledby={`${id}-pay`}>
            <h2 id={`${id}-pay`} className={ui.heading}>
              {t('pay.heading')}
            </h2>
            {props.payment}
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onEdit}>
              {t('pay.edit')}
            </button>
          </section>
        ) : null}
      </div>
    </PublicPage>
  );
}

/**
 * The seller as e-handelsloven § 8 asks: name, organization number and e-mail; `details` (the receipt
 * page's address and registrations) after the name.
 */
export function SellerBlock({
  seller,
  details = [],
}: {
  seller: PublicCheckout['seller'];
  details?: string[];
}) {
  const { t } = useCheckoutTexts();
  return (
    <div className={styles.seller}>
      <p>
        {t('seller.heading')}: <strong>{seller.name}</strong>
      </p>
      {details.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {seller.organization_number ? (
        <p>{t('seller.organizationNumber', { number: seller.organization_number })}</p>
      ) : null}
      {seller.email ? (
        <p>
          {t('seller.email', { email: '' })}
          <a className={ui.link} href={`mailto:${seller.email}`}>
            {seller.email}
          </a>
        </p>
      ) : null}
    </div>
  );
}

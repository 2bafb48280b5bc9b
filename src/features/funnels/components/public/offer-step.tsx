import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import ui from '@/components/public/public-ui.module.css';
import { PublicCallError } from '@/lib/public/public-rpc';
import { failureText } from '@/lib/public/public-texts';
import { useServerClock } from '@/lib/public/use-server-clock';
import {
  answerOffer,
  type OfferAnswer,
  type PaidOrder,
  type PublicFunnelStep,
} from '../../api/public-funnel';
import type { BankStepRequest } from './bank-step';
import styles from './funnel-public.module.css';
import { endOfferAttempt, type KeptOrder, offerAttempt } from './funnel-storage';
import { useFunnelTexts } from './funnel-texts';
import { formatKroner, vatPart } from './money';

// Stripe.js or the test bank page load only when a bank asks for 3-D Secure.
const BankStep = lazy(() => import('./bank-step'));

type OfferStepProps = {
  data: PublicFunnelStep;
  /** The latest order paid in this funnel (the offer follows it), or null. */
  order: KeptOrder | null;
  /** Accepted (with the new order when the server named it) or declined: on to the step it leads to. */
  onDone: (nextStepId: string | null, paid: PaidOrder | null) => void;
  /** The offer's page content (its blocks). */
  children: React.ReactNode;
  /** A picture's signed link by its media id (undefined while it is issued). */
  imageUrl: (mediaId: string) => string | null | undefined;
};

/** A card code's message, from the payments screens' catalogue, loaded only when a charge failed. */
async function cardMessage(code: string, language: 'nb' | 'en'): Promise<string | null> {
  const catalogue =
    language === 'en' ? await import('@/locales/en/member.json') : await import('@/locales/nb/member.json');
  const errors = catalogue.default.errors as Record<string, string>;
  return errors[code] ?? null;
}

/** «14:59»: minutes and seconds left. */
const clock = (milliseconds: number) => {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * An upsell or a downsell: the product, its price incl. MVA, the time left of the offer window, and one
 * click to add it to the order (funnel-offer charges the card saved with the checkout; 3-D Secure when
 * the bank asks), or «Nei takk».
 */
export function OfferStep({ data, order, onDone, children, imageUrl }: OfferStepProps) {
  const { t, language } = useFunnelTexts();
  const { step, funnel_id: funnelId } = data;
  const [offset] = useState(() => new Date(data.now).getTime() - Date.now());
  const now = useServerClock(offset);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [bank, setBank] = useState<BankStepRequest | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  // The new order's secret comes with the first answer only: kept for the answer after 3-D Secure.
  const sessionToken = useRef<string | null>(null);
  // One request at a time (state is a render behind a double click).
  const running = useRef(false);
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const product = step.product;
  if (!order || !product) {
    return (
      <div className={ui.panel}>
        {children}
        <p>{t('offer.noOrder')}</p>
        <a className={ui.button} href={`/trakt/${funnelId}`}>
          {t('offer.toStart')}
        </a>
      </div>
    );
  }

  const deadline = order.paidAt + data.offer_minutes * 60_000;
  const left = now ? deadline - now.getTime() : data.offer_minutes * 60_000;
  const expired = left <= 0;

  const idle = () => {
    running.current = false;
    setBusy(false);
  };

  const fail = async (code: string) => {
    endOfferAttempt(funnelId, step.id);
    idle();
    setAlert((await cardMessage(code, language)) ?? failureText(t, code));
  };

  const handle = async (answer: OfferAnswer) => {
    if (answer.status === 'paid') {
      endOfferAttempt(funnelId, step.id);
      return onDone(
        step.next_step_id,
        answer.orderToken ? { orderId: answer.orderId, orderToken: answer.orderToken } : null,
      );
    }
    if (answer.status === 'requires_action') {
      if (answer.orderToken) sessionToken.current = answer.orderToken;
      running.current = false;
      return setBank(answer);
    }
    if (answer.status === 'processing') {
      idle();
      return setProcessing(true);
    }
    if (answer.status === 'failed') return fail(answer.error.code);
  };

  const accept = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setAlert(null);
    try {
      const answer = await answerOffer({
        action: 'accept',
        orderId: order.orderId,
        orderToken: order.orderToken,
        stepId: step.id,
        requestId: offerAttempt(funnelId, step.id),
      });
      if (answer.status === 'paid' && !answer.orderToken && sessionToken.current) {
        answer.orderToken = sessionToken.current;
      }
      await handle(answer);
    } catch (error) {
      const code = error instanceof PublicCallError ? error.code : 'unknown';
      // A refusal ends the attempt; a lost answer keeps its id, so trying again cannot charge twice.
      if (error instanceof PublicCallError && error.status !== null && error.status < 500) {
        await fail(code);
      } else {
        idle();
        setAlert(failureText(t, code));
      }
    }
  };

  const decline = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    await answerOffer({
      action: 'decline',
      orderId: order.orderId,
      orderToken: order.orderToken,
      stepId: step.id,
    }).catch(() => null);
    onDone(step.decline_step_id, null);
  };

  const vat = vatPart(product.price_ore, product.vat_rate);
  const picture = product.image_media_id ? step.images[product.image_media_id] : undefined;
  const pictureUrl = product.image_media_id ? imageUrl(product.image_media_id) : null;
  return (
    <div className={ui.panel}>
      <p className={styles.kicker}>{t(step.offer_role === 'downsell' ? 'offer.downsell' : 'offer.upsell')}</p>
      {children}
      <div className={styles.offer}>
        {picture && pictureUrl ? (
          <img className={styles.productImage} src={pictureUrl} alt={picture.alt ?? ''} />
        ) : null}
        <h2 className={ui.heading}>{product.name}</h2>
        {product.description ? <p>{product.description}</p> : null}
        <p className={styles.price}>
          {t('offer.price', { amount: formatKroner(product.price_ore, language) })}
        </p>
        {vat > 0 ? (
          <p className={ui.hint}>
            {t('offer.vat', { rate: product.vat_rate, amount: formatKroner(vat, language) })}
          </p>
        ) : null}
      </div>
      {expired ? (
        <p role="status">{t('offer.expired')}</p>
      ) : (
        <div className={styles.timer}>
          <p className={ui.label} id={`timer-${step.id}`}>
            {t('offer.timeLeft')}
          </p>
          <p className={ui.timer} role="timer" aria-labelledby={`timer-${step.id}`}>
            {clock(left)}
          </p>
          <p className={ui.hint}>{t('offer.timeLeftNote', { minutes: data.offer_minutes })}</p>
        </div>
      )}
      {alert ? (
        <p ref={alertRef} className={ui.error} role="alert" tabIndex={-1}>
          {alert}
        </p>
      ) : null}
      {processing ? <p role="status">{t('offer.processing')}</p> : null}
      <p className={ui.hint}>{t('offer.card')}</p>
      <div className={styles.choices}>
        {expired || processing ? (
          <button
            type="button"
            className={ui.button}
            onClick={() => onDone(step.decline_step_id ?? step.next_step_id, null)}
          >
            {t('offer.continue')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className={ui.button}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void accept()}
            >
              {busy ? t('offer.working') : t('offer.accept')}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              disabled={busy}
              onClick={() => void decline()}
            >
              {t('offer.decline')}
            </button>
          </>
        )}
      </div>
      {bank ? (
        <Suspense fallback={null}>
          <BankStep
            request={bank}
            onDone={() => {
              setBank(null);
              void accept();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

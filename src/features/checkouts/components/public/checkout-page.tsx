import { lazy, Suspense, useEffect, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import { funnelCheckoutContext, reportFunnelCheckoutPaid } from '@/lib/funnel-checkout';
import { PublicCallError } from '@/lib/public/public-rpc';
import { failureText } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useSignedUrls } from '@/lib/public/use-signed-url';
import {
  recordCheckoutVisit,
  type StartAnswer,
  startCheckoutPayment,
  startCheckoutSession,
  tryCheckoutCoupon,
} from '../../api/public-checkout';
import { readPublicCheckout } from '../../api/read-public-checkout';
import type { CardStepResult } from './card-step';
import { attemptId, endAttempt, keepCheckout, readCheckout, visitorId } from './checkout-storage';
import { useCheckoutStatusTexts, useCheckoutTexts } from './checkout-texts';
import { type CheckoutActions, CheckoutView } from './checkout-view';

// Stripe.js and the card form load only when the payment step shows (the page's budget).
const CardStep = lazy(() => import('./card-step'));

/** utm_source, else the host of the page the buyer came from (the embedding page in an iframe). */
function visitSource(): { source: string | null; utm: Record<string, string> } {
  const query = new URLSearchParams(window.location.search);
  const utm: Record<string, string> = {};
  for (const key of ['source', 'medium', 'campaign', 'term', 'content']) {
    const value = query.get(`utm_${key}`);
    if (value) utm[key] = value.slice(0, 100);
  }
  let referrer: string | null = null;
  try {
    referrer = document.referrer ? new URL(document.referrer).hostname : null;
  } catch {
    referrer = null;
  }
  return { source: utm.source ?? referrer, utm };
}

// One visit per page view, also when React runs the effect twice.
const counted = new Set<string>();

/** Where a paid order goes: its receipt (which sends on to the seller's page when it has one). */
const receiptHref = (orderId: string, orderToken: string) => {
  const query = new URLSearchParams({ ordre: orderId, token: orderToken });
  const language = new URLSearchParams(window.location.search).get('lang');
  if (language) query.set('lang', language);
  return `/kasse/kvittering?${query}`;
};

/** A paid order: on to its receipt, or inside a funnel's step, back to the funnel with the order. */
function paid(orderId: string, orderToken: string) {
  if (funnelCheckoutContext(window.location.search)) reportFunnelCheckoutPaid(orderId, orderToken);
  else window.location.assign(receiptHref(orderId, orderToken));
}

/** The public checkout: `/kasse/:id`, or `/kasse/iframe?id=…` in a customer's page. */
export function CheckoutPage({ checkoutId }: { checkoutId: string | null }) {
  const { t } = useCheckoutTexts();
  const statusTexts = useCheckoutStatusTexts();
  const { state, reload } = usePublicLoad(
    (signal) =>
      checkoutId
        ? readPublicCheckout(checkoutId, signal)
        : Promise.reject(Object.assign(new Error(), { code: 'missing-id' })),
    checkoutId ?? '',
  );
  const checkout = state.status === 'ready' ? state.data : null;
  useDocumentTitle(
    checkout
      ? t('titles.checkout', { name: checkout.name, seller: checkout.seller.name })
      : t('titles.fallback'),
  );
  const links = useSignedUrls(checkout?.products.map((product) => product.image_path) ?? []);
  const images = Object.fromEntries(
    (checkout?.products ?? []).map((product) => [product.id, links.get(product.image_path ?? '') ?? null]),
  );
  const [shownAt] = useState(() => new Date().toISOString());
  const [payment, setPayment] = useState<Extract<StartAnswer, { status: 'requires_confirmation' }> | null>(
    null,
  );
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => {
    if (!checkout || counted.has(checkout.id)) return;
    counted.add(checkout.id);
    recordCheckoutVisit(checkout.id, visitorId(), visitSource().source);
  }, [checkout]);

  if (!checkout || !checkoutId)
    return (
      <PublicPage>
        <PageStatus
          {...statusTexts}
          pageHeading
          status={state.status === 'failed' ? { code: state.code } : 'loading'}
          onRetry={reload}
        />
      </PublicPage>
    );

  const stored = readCheckout(checkout.id);
  const codeOf = (error: unknown) => (error instanceof PublicCallError ? error.code : 'unknown');

  const actions: CheckoutActions = {
    startSession: async ({ email, recoveryOptIn, honeypot }) => {
      try {
        const { source, utm } = visitSource();
        const session = await startCheckoutSession({
          checkoutId: checkout.id,
          email,
          recoveryOptIn,
          visitor: visitorId(),
          source,
          utm,
          honeypot,
          shownAt,
        });
        keepCheckout(checkout.id, { ...session, email });
        return null;
      } catch (error) {
        return codeOf(error);
      }
    },
    tryCoupon: async (code) => {
      try {
        return await tryCheckoutCoupon(checkout.id, code);
      } catch (error) {
        return { error: codeOf(error) };
      }
    },
    proceed: async (order) => {
      setAlert(null);
      const { sessionId, token } = readCheckout(checkout.id);
      if (!sessionId || !token) return 'checkout-session-invalid';
      try {
        const answer = await startCheckoutPayment(
          { sessionId, token },
          attemptId(checkout.id),
          order,
          funnelCheckoutContext(window.location.search),
        );
        if (answer.status === 'succeeded') {
          endAttempt(checkout.id);
          paid(answer.orderId, answer.orderToken);
          return null;
        }
        setPayment(answer);
        return null;
      } catch (error) {
        // A refusal ends the attempt; a lost answer keeps its id, so trying again cannot pay twice.
        if (error instanceof PublicCallError && error.status !== null && error.status < 500)
          endAttempt(checkout.id);
        if (codeOf(error) === 'checkout-session-invalid') keepCheckout(checkout.id, { sessionId: undefined });
        return codeOf(error);
      }
    },
  };

  const onPaid = (result: CardStepResult) => {
    endAttempt(checkout.id);
    if ('status' in result) {
      if (payment) paid(payment.orderId, payment.orderToken);
      return;
    }
    // The order was released: the buyer may try again (another card) with everything kept.
    setPayment(null);
    setAlert(result.message ?? failureText(t, result.error));
  };

  return (
    <CheckoutView
      checkout={checkout}
      imageUrls={images}
      actions={actions}
      sessionEmail={stored.sessionId ? (stored.email ?? null) : null}
      alert={alert}
      payment={
        payment ? (
          <Suspense fallback={<p role="status">{t('pay.loadingCard')}</p>}>
            <CardStep payment={payment} onDone={onPaid} />
            {funnelCheckoutContext(window.location.search)?.savesCard ? (
              <p>{t('pay.savesCardForOffer')}</p>
            ) : null}
          </Suspense>
        ) : null
      }
      onEdit={() => {
        endAttempt(checkout.id);
        setPayment(null);
      }}
    />
  );
}

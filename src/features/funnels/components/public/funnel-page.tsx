import { useMemo, useState, type ReactNode } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { publicDesignVariables } from '@/lib/public/public-design';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useSignedUrls } from '@/lib/public/use-signed-url';
import {
  loadFunnelStep,
  type PaidOrder,
  type PublicFunnelStep,
  recordFunnelEvent,
} from '../../api/public-funnel';
import { showableBlocks } from '../../utils/blocks';
import { BlocksView } from '../blocks/blocks-view';
import { funnelCheckoutPaidOf, funnelCheckoutSrc } from './checkout-frame';
import { EmbeddedFrame } from './embedded-frame';
import styles from './funnel-public.module.css';
import { funnelVisitor, keepOrder, paidOrders } from './funnel-storage';
import { useFunnelStatusTexts, useFunnelTexts } from './funnel-texts';
import { OfferStep } from './offer-step';

const language = () => new URLSearchParams(window.location.search).get('lang');

/** A step's address, keeping the page's language. */
function stepHref(funnelId: string, stepId: string) {
  const lang = language();
  return `/trakt/${funnelId}/${stepId}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
}

/** The published funnel's step: `/trakt/:id` (the first) or `/trakt/:id/:stepId`. */
export function FunnelPage({ funnelId, stepId }: { funnelId: string | null; stepId: string | null }) {
  const { t } = useFunnelTexts();
  const statusTexts = useFunnelStatusTexts();
  const visitor = useMemo(() => funnelVisitor(), []);
  const { state, reload } = usePublicLoad(
    (signal) =>
      funnelId
        ? loadFunnelStep(funnelId, stepId, visitor, signal)
        : Promise.reject(Object.assign(new Error(), { code: 'funnel-not-found' })),
    `${funnelId}/${stepId}`,
  );
  const data = state.status === 'ready' ? state.data : null;
  useDocumentTitle(data ? t('titles.step', { step: data.step.name, name: data.name }) : t('titles.fallback'));

  if (!data)
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
  return (
    <PublicPage variables={publicDesignVariables(data.design)}>
      <StepView key={data.step.id} data={data} visitor={visitor} />
    </PublicPage>
  );
}

/** On to a step (a page load: the next step is read, counted and assigned its variant). */
function goTo(funnelId: string, nextStepId: string | null) {
  if (nextStepId) window.location.assign(stepHref(funnelId, nextStepId));
}

function StepView({ data, visitor }: { data: PublicFunnelStep; visitor: string }) {
  const { t } = useFunnelTexts();
  const { step, funnel_id: funnelId } = data;
  const [moving, setMoving] = useState<string | null>(null);
  const blocks = showableBlocks(step.content);
  const links = useSignedUrls(Object.values(step.images).map((image) => image.path));
  const imageUrl = (mediaId: string) => links.get(step.images[mediaId]?.path ?? '');
  const titled = blocks[0]?.type === 'heading' && blocks[0].level === 1;

  const content: ReactNode = (
    <>
      {titled ? null : (
        <h1 className={step.type === 'optin' || step.type === 'checkout' ? ui.title : styles.hidden}>
          {step.name}
        </h1>
      )}
      <BlocksView
        blocks={blocks}
        imageUrl={imageUrl}
        texts={{
          playVideo: (provider) => t('blocks.playVideo', { provider }),
          videoNote: (provider) => t('blocks.videoNote', { provider }),
          videoTitle: t('blocks.videoTitle'),
        }}
        busy={moving !== null}
        onButton={() => {
          if (step.type === 'sales') void recordFunnelEvent(funnelId, step.id, visitor, 'click');
          setMoving('');
          goTo(funnelId, step.next_step_id);
        }}
      />
    </>
  );

  const next = (nextStepId: string | null, paid: PaidOrder | null, said: string) => {
    if (paid) keepOrder(funnelId, paid);
    setMoving(said);
    goTo(funnelId, nextStepId);
  };

  switch (step.type) {
    case 'optin':
      return (
        <div className={styles.step}>
          {content}
          {step.form_id ? (
            <EmbeddedFrame
              src={`/skjema/iframe?id=${step.form_id}${language() ? `&lang=${language()}` : ''}`}
              title={t('optin.frameTitle', { name: data.name })}
              onMessage={(event) => {
                const sent = event.data as { type?: unknown } | null;
                if (sent?.type !== 'leadtorget:form-sent') return;
                void recordFunnelEvent(funnelId, step.id, visitor, 'optin').then(() =>
                  next(step.next_step_id, null, t('optin.sent')),
                );
              }}
            />
          ) : null}
          {moving ? <p role="status">{moving}</p> : null}
        </div>
      );
    case 'checkout':
      return (
        <div className={styles.step}>
          {content}
          {step.checkout_id ? (
            <EmbeddedFrame
              src={funnelCheckoutSrc(
                step.checkout_id,
                { funnelId, stepId: step.id, visitor, savesCard: step.offer_follows },
                language(),
              )}
              title={t('checkout.frameTitle', { name: data.name })}
              onMessage={(event) => {
                const paid = funnelCheckoutPaidOf(event);
                if (paid) next(step.next_step_id, paid, t('checkout.paid'));
              }}
            />
          ) : null}
          {moving ? <p role="status">{moving}</p> : null}
        </div>
      );
    case 'offer': {
      const orders = paidOrders(funnelId);
      return (
        <OfferStep
          data={data}
          imageUrl={imageUrl}
          order={orders[orders.length - 1] ?? null}
          onDone={(nextStepId, paid) => next(nextStepId, paid, '')}
        >
          {content}
        </OfferStep>
      );
    }
    case 'thankyou':
      return (
        <div className={`${ui.panel} ${styles.step}`}>
          {content}
          <Receipts funnelId={funnelId} />
        </div>
      );
    default:
      return <div className={`${ui.panel} ${styles.step}`}>{content}</div>;
  }
}

/** The receipts of what was bought in this funnel in this browser tab. */
function Receipts({ funnelId }: { funnelId: string }) {
  const { t } = useFunnelTexts();
  const orders = paidOrders(funnelId);
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="funnel-receipts">
      <h2 id="funnel-receipts" className={ui.heading}>
        {t('done.receipts')}
      </h2>
      <ul className={ui.list}>
        {orders.map((order, index) => (
          <li key={order.orderId}>
            <a
              className={ui.link}
              href={`/kasse/kvittering?${new URLSearchParams({ ordre: order.orderId, token: order.orderToken })}`}
            >
              {t('done.receipt', { count: index + 1 })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

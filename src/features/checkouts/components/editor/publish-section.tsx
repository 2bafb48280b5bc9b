import { useTranslation } from 'react-i18next';
import { PublishPanel } from '@/components/publish-panel';
import type { CheckoutEditorData } from '../../api/get-checkout-editor';
import { usePublishCheckout } from '../../api/save-checkout';
import { publishChecks, type CheckoutDraft, type ProductOption } from '../../utils/checkout-draft';

/**
 * Publishing in the shared panel with what it needs as a checklist: a main product and the consent
 * text block it (the database refuses both: checkout-no-products, the engine's consent check), as does
 * an unsaved change; prices and the terms are gaps the dialog names.
 */
export function PublishSection({
  data,
  draft,
  products,
  saved,
}: {
  data: CheckoutEditorData;
  draft: CheckoutDraft;
  products: ReadonlyMap<string, ProductOption>;
  /** Every change is written: publishing publishes what is saved. */
  saved: boolean;
}) {
  const { t } = useTranslation('checkouts');
  const publish = usePublishCheckout(data);
  const checks = publishChecks(draft, products);
  const blocked = !checks.product
    ? t('editor.publish.blockedProduct')
    : !checks.consent
      ? t('editor.publish.blockedConsent')
      : !saved
        ? t('editor.publish.blockedSaving')
        : null;

  return (
    <PublishPanel
      published={Boolean(data.publishedAt)}
      checks={[
        { done: checks.product, label: t('editor.publish.checkProduct') },
        { done: checks.prices, label: t('editor.publish.checkPrices') },
        { done: checks.terms, label: t('editor.publish.checkTerms') },
        { done: checks.consent, label: t('editor.publish.checkConsent') },
      ]}
      blocked={blocked}
      pending={publish.isPending}
      error={publish.error}
      save={(publishedAt, done) => publish.mutate(publishedAt, { onSuccess: done })}
      texts={{
        checksTitle: t('editor.publish.checksTitle'),
        publishedTitle: t('editor.publish.publishedTitle'),
        publishedNote: t('editor.publish.publishedNote'),
        publish: t('editor.publish.publish'),
        unpublish: t('editor.publish.unpublish'),
        unpublishConfirm: t('editor.publish.unpublishConfirm'),
        published: t('editor.publish.published'),
        unpublished: t('editor.publish.unpublished'),
      }}
      dialog={{
        gaps: [
          ...(checks.prices ? [] : [t('editor.publish.gapPrices')]),
          ...(checks.terms ? [] : [t('editor.publish.gapTerms')]),
        ],
        texts: {
          title: t('editor.publish.confirmTitle', { name: draft.name.trim() }),
          ready: t('editor.publish.ready'),
          gapsIntro: t('editor.publish.gapsIntro'),
          cancel: t('editor.publish.cancel'),
          publish: t('editor.publish.publish'),
          publishAnyway: t('editor.publish.publishAnyway'),
          confirmAnyway: t('editor.publish.confirmAnyway'),
          anywayNote: t('editor.publish.anywayNote'),
        },
      }}
    />
  );
}

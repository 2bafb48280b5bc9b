import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { useSectionParam } from '@/lib/use-section-param';
import { useUnsavedWarning } from '@/lib/use-unsaved-warning';
import {
  checkoutPreviewQueryOptions,
  editorProductsQueryOptions,
  type CheckoutEditorData,
} from '../../api/get-checkout-editor';
import { useSaveCheckout } from '../../api/save-checkout';
import {
  draftOf,
  draftProblems,
  MAX_NAME,
  type CheckoutDraft,
  type DraftField,
} from '../../utils/checkout-draft';
import { previewCheckout } from '../../utils/preview-checkout';
import { AfterSection } from './after-section';
import styles from './checkout-editor.module.css';
import { CheckoutPreview } from './checkout-preview';
import { CustomerSection } from './customer-section';
import { DesignSection } from './design-section';
import { ProductsSection } from './products-section';
import { PublishSection } from './publish-section';
import { RecoverySection } from './recovery-section';
import { ShareSection } from './share-section';

const EDITOR_SECTIONS = [
  'produkter',
  'kunden',
  'etter',
  'gjenoppretting',
  'design',
  'deling',
  'publisering',
] as const;
type EditorSection = (typeof EDITOR_SECTIONS)[number];

/** The section a problem's field sits in, so «Lagre» can open it and focus the field. */
function sectionOf(field: DraftField): EditorSection | null {
  if (field === 'name') return null;
  if (field === 'mains' || field.startsWith('bump')) return 'produkter';
  if (field.startsWith('fields.') || field === 'consent') return 'kunden';
  return 'etter';
}

/** The editor's saved and edited draft, kept by the page while the editor's tab is closed. */
export type EditorMemory = { saved: CheckoutDraft; draft: CheckoutDraft };

const focusField = (field: DraftField) =>
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(field === 'consent' ? '#consent-text' : `[data-field="${field}"]`)
      ?.focus(),
  );

/**
 * «Oppsett»: the checkout's settings in sections beside its live preview, saved with «Lagre
 * endringer» (a draft the checks refuse is not sent; a refused save keeps everything typed, with the
 * server's message), and published from «Publisering».
 */
export function CheckoutEditor({
  data,
  memory,
  onKeep,
}: {
  data: CheckoutEditorData;
  /** The edits kept while another tab («Tall», «Ordrer») was open, so none is lost. */
  memory: EditorMemory | null;
  onKeep: (memory: EditorMemory) => void;
}) {
  const { t } = useTranslation('checkouts');
  const [section, setSection] = useSectionParam(EDITOR_SECTIONS, [], { name: 'del' });
  const [saved, setSaved] = useState<CheckoutDraft>(() => memory?.saved ?? draftOf(data.source));
  const [draft, setDraft] = useState<CheckoutDraft>(() => memory?.draft ?? saved);
  useEffect(() => onKeep({ saved, draft }), [onKeep, saved, draft]);
  const save = useSaveCheckout(data);
  const saveButton = useKeepFocus(save.isPending);
  const productList = useQuery(editorProductsQueryOptions(data.organizationId));
  const base = useQuery(checkoutPreviewQueryOptions(data.id));
  const products = useMemo(
    () => new Map((productList.data ?? []).map((product) => [product.id, product])),
    [productList.data],
  );
  const published = Boolean(data.publishedAt);
  const problems = draftProblems(draft, { published });
  const dirty = draft !== saved;
  useUnsavedWarning(dirty);

  const errorOf = (field: string) => {
    const problem = problems.find((item) => item.field === field);
    return problem ? t(`editor.problems.${problem.code}`) : undefined;
  };
  const change = (update: (previous: CheckoutDraft) => CheckoutDraft) => setDraft(update);
  const props = { draft, change, errorOf };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const first = problems[0];
    if (first) {
      const target = sectionOf(first.field);
      if (target) setSection(target);
      focusField(first.field);
      return;
    }
    const sending = draft;
    save.mutate(
      { saved, next: sending },
      {
        onSuccess: () => {
          setSaved(sending);
          notify({ message: t('editor.save.done'), tone: 'success' });
        },
      },
    );
  };

  const content: Record<EditorSection, ReactNode> = {
    produkter: <ProductsSection {...props} products={productList.data ?? []} />,
    kunden: <CustomerSection {...props} organizationId={data.organizationId} />,
    etter: <AfterSection {...props} />,
    gjenoppretting: <RecoverySection {...props} checkoutId={data.id} organizationId={data.organizationId} />,
    design: <DesignSection {...props} organizationId={data.organizationId} />,
    deling: <ShareSection checkoutId={data.id} name={draft.name} published={published} />,
    publisering: <PublishSection data={data} draft={draft} products={products} saved={!dirty} />,
  };
  const preview = base.data ? (
    <CheckoutPreview checkout={previewCheckout(base.data, draft, products)} thanks={section === 'etter'} />
  ) : (
    <div className={styles.previewPane}>
      <FormStatus error={base.error} />
      {base.isPending ? <SkeletonText lines={6} /> : null}
    </div>
  );

  return (
    <div className={styles.column}>
      <form className={styles.saveBar} onSubmit={submit} noValidate aria-label={t('editor.save.form')}>
        <Input
          label={t('editor.name')}
          hint={t('editor.nameHint')}
          value={draft.name}
          maxLength={MAX_NAME + 20}
          error={errorOf('name')}
          data-field="name"
          onChange={(event) => setDraft((previous) => ({ ...previous, name: event.target.value }))}
        />
        <p className={styles.saveState}>
          <span role="status">{t(dirty ? 'editor.save.dirty' : 'editor.save.clean')}</span>
          <Button ref={saveButton} type="submit" loading={save.isPending} disabled={!dirty}>
            {t('editor.save.button')}
          </Button>
        </p>
      </form>
      <FormStatus error={dirty ? save.error : null} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <SectionTabs
            label={t('editor.sections')}
            sections={EDITOR_SECTIONS}
            value={section}
            onValueChange={setSection}
            labelOf={(value) => t(`editor.sectionNames.${value}`)}
            render={(value) => (productList.isPending ? <SkeletonText lines={6} /> : content[value])}
          />
        </div>
        {preview}
      </div>
    </div>
  );
}

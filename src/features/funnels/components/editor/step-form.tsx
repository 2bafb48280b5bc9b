import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Tabs } from '@/components/tabs';
import { formatMoney } from '@/lib/format';
import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import type { MediaSummary } from '@/lib/media/types';
import type { FunnelChoices } from '../../api/get-funnel-choices';
import { useSaveStep } from '../../api/save-funnel';
import { parseBlocks, type Block, type BlockErrorCode } from '../../utils/blocks';
import {
  hasBlocks,
  MAX_STEP_NAME,
  originalShare,
  VARIANT_LABELS,
  type FunnelStep,
  type OfferRole,
  type StepVariant,
} from '../../utils/steps';
import { BlockEditor } from './block-editor';
import styles from './funnel-editor.module.css';
import { PagePreview } from './page-preview';

type StepFormProps = {
  step: FunnelStep;
  steps: readonly FunnelStep[];
  organizationId: string;
  choices: FunnelChoices | undefined;
  media: ReadonlyMap<string, MediaSummary>;
  onPicked: (media: MediaSummary) => void;
  /** After a save: the editor re-reads the step (new variants get their ids). */
  onSaved: () => void;
};

type Problems = {
  name?: string;
  price?: string;
  traffic: Record<string, string>;
  blocks: Map<string, BlockErrorCode>;
};

const blockErrors = (content: Block[]) => {
  const parsed = parseBlocks(content);
  const errors = new Map<string, BlockErrorCode>();
  if (!parsed.ok) for (const error of parsed.errors) if (error.blockId) errors.set(error.blockId, error.code);
  return { errors, ok: parsed.ok };
};

/** One step's settings, its page (variant A and any split-test variants) and where it leads; saved together. */
export function StepForm({ step, steps, organizationId, choices, media, onPicked, onSaved }: StepFormProps) {
  const { t } = useTranslation('funnels');
  const save = useSaveStep(organizationId);
  const [draft, setDraft] = useState<FunnelStep>(step);
  const [priceText, setPriceText] = useState(step.priceOre === null ? '' : oreToKroner(step.priceOre));
  const [traffic, setTraffic] = useState<Record<string, string>>(() =>
    Object.fromEntries(step.variants.map((variant) => [variant.label, String(variant.trafficPercent)])),
  );
  const [removed, setRemoved] = useState<string[]>([]);
  const [active, setActive] = useState('A');
  const [problems, setProblems] = useState<Problems>({ traffic: {}, blocks: new Map() });
  const set = (patch: Partial<FunnelStep>) => setDraft((previous) => ({ ...previous, ...patch }));
  const typeName = t(`editor.stepTypes.${step.type}`);

  const others = steps.filter((item) => item.id !== step.id);
  const stepOptions = [
    { value: '', label: t('editor.step.nowhere') },
    ...others.map((item) => ({
      value: item.id,
      label: `${item.name} (${t(`editor.stepTypes.${item.type}`)})`,
    })),
  ];
  const product = choices?.products.find((item) => item.id === draft.productId);

  const contentOf = (label: string) =>
    label === 'A'
      ? draft.content
      : (draft.variants.find((variant) => variant.label === label)?.content ?? []);
  const setContent = (label: string, content: Block[]) =>
    label === 'A'
      ? set({ content })
      : set({
          variants: draft.variants.map((variant) =>
            variant.label === label ? { ...variant, content } : variant,
          ),
        });

  const nextLabel = VARIANT_LABELS.find(
    (label) => !draft.variants.some((variant) => variant.label === label),
  );
  const addVariant = () => {
    if (!nextLabel) return;
    const share = draft.variants.length === 0 ? 50 : 10;
    const copy: StepVariant = {
      id: '',
      label: nextLabel,
      trafficPercent: share,
      // A copy of A's page with ids of its own, so the two pages' blocks never share a key.
      content: draft.content.map((block) => ({ ...block, id: `${block.id}-${nextLabel.toLowerCase()}` })),
    };
    set({ variants: [...draft.variants, copy] });
    setTraffic((previous) => ({ ...previous, [nextLabel]: String(share) }));
    setActive(nextLabel);
  };
  const removeVariant = (variant: StepVariant) => {
    set({ variants: draft.variants.filter((item) => item.label !== variant.label) });
    if (variant.id) setRemoved((previous) => [...previous, variant.id]);
    setActive('A');
  };

  const validate = (): { step: FunnelStep; problems: Problems } | { step: null; problems: Problems } => {
    const found: Problems = { traffic: {}, blocks: new Map() };
    const name = draft.name.trim();
    if (!name) found.name = t('editor.step.nameRequired');
    else if (name.length > MAX_STEP_NAME) found.name = t('editor.step.nameTooLong', { max: MAX_STEP_NAME });
    let priceOre: number | null = null;
    if (step.type === 'offer' && priceText.trim() !== '') {
      priceOre = parseKronerToOre(priceText);
      if (priceOre === null) found.price = t('editor.step.priceInvalid');
      else if (priceOre < 100) found.price = t('editor.step.priceTooLow');
    }
    const variants = draft.variants.map((variant) => {
      const text = traffic[variant.label] ?? '';
      const percent = /^\d{1,2}$/.test(text.trim()) ? Number(text) : NaN;
      if (!(percent >= 1 && percent <= 99))
        found.traffic[variant.label] = t('editor.variants.trafficInvalid');
      return { ...variant, trafficPercent: percent };
    });
    if (!Object.keys(found.traffic).length && originalShare(variants) < 1) {
      for (const variant of variants) found.traffic[variant.label] = t('editor.variants.trafficTooHigh');
    }
    let blocksOk = true;
    if (hasBlocks(step.type)) {
      for (const content of [draft.content, ...variants.map((variant) => variant.content)]) {
        const { errors, ok } = blockErrors(content);
        errors.forEach((code, id) => found.blocks.set(id, code));
        blocksOk &&= ok;
      }
    }
    const ok = !found.name && !found.price && !Object.keys(found.traffic).length && blocksOk;
    return ok
      ? { step: { ...draft, name, priceOre, variants }, problems: found }
      : { step: null, problems: found };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate();
    setProblems(checked.problems);
    if (!checked.step) return;
    const saved = checked.step;
    save.mutate(
      { step: saved, removedVariantIds: removed },
      {
        onSuccess: () => {
          notify({ message: t('editor.step.saved', { name: saved.name }), tone: 'success' });
          onSaved();
        },
      },
    );
  };

  const invalid =
    problems.name !== undefined ||
    problems.price !== undefined ||
    Object.keys(problems.traffic).length > 0 ||
    problems.blocks.size > 0;
  const page = (label: string) => (
    <BlockEditor
      blocks={contentOf(label)}
      onChange={(content) => setContent(label, content)}
      errors={problems.blocks}
      media={media}
      onPicked={onPicked}
      offer={step.type === 'offer'}
    />
  );

  return (
    <Form onSubmit={submit} aria-labelledby="funnel-step-title" className={styles.stepForm}>
      <h2 id="funnel-step-title">{t('editor.step.title', { name: step.name, type: typeName })}</h2>
      <Input
        label={t('editor.step.name')}
        value={draft.name}
        maxLength={MAX_STEP_NAME + 20}
        error={problems.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      {step.type === 'optin' ? (
        <NativeSelect
          label={t('editor.step.form')}
          hint={t('editor.step.formHint')}
          value={draft.formId ?? ''}
          options={[
            { value: '', label: t('editor.step.choose') },
            ...(choices?.forms ?? []).map((form) => ({
              value: form.id,
              label: form.published ? form.name : t('editor.step.unpublished', { name: form.name }),
            })),
          ]}
          onChange={(event) => set({ formId: event.target.value || null })}
        />
      ) : null}
      {step.type === 'checkout' ? (
        <NativeSelect
          label={t('editor.step.checkout')}
          hint={t('editor.step.checkoutHint')}
          value={draft.checkoutId ?? ''}
          options={[
            { value: '', label: t('editor.step.choose') },
            ...(choices?.checkouts ?? []).map((checkout) => ({
              value: checkout.id,
              label: checkout.published
                ? checkout.name
                : t('editor.step.unpublished', { name: checkout.name }),
            })),
          ]}
          onChange={(event) => set({ checkoutId: event.target.value || null })}
        />
      ) : null}
      {step.type === 'offer' ? (
        <div className={layout.grid}>
          <NativeSelect
            label={t('editor.step.role')}
            value={draft.offerRole ?? 'upsell'}
            options={(['upsell', 'downsell'] as const).map((role) => ({
              value: role,
              label: t(`editor.offerRoles.${role}`),
            }))}
            onChange={(event) => set({ offerRole: event.target.value as OfferRole })}
          />
          <NativeSelect
            label={t('editor.step.product')}
            value={draft.productId ?? ''}
            options={[
              { value: '', label: t('editor.step.choose') },
              ...(choices?.products ?? []).map((item) => ({ value: item.id, label: item.name })),
            ]}
            onChange={(event) => set({ productId: event.target.value || null })}
          />
          <Input
            label={t('editor.step.price')}
            hint={
              product
                ? t('editor.step.priceHint', { price: formatMoney(product.priceOre) })
                : t('editor.step.priceHintNone')
            }
            inputMode="decimal"
            autoComplete="off"
            value={priceText}
            error={problems.price}
            onChange={(event) => setPriceText(event.target.value)}
          />
        </div>
      ) : null}
      {step.type !== 'thankyou' ? (
        <div className={layout.grid}>
          <NativeSelect
            label={step.type === 'offer' ? t('editor.step.accept') : t('editor.step.next')}
            value={draft.nextStepId ?? ''}
            options={stepOptions}
            onChange={(event) => set({ nextStepId: event.target.value || null })}
          />
          {step.type === 'offer' ? (
            <NativeSelect
              label={t('editor.step.decline')}
              value={draft.declineStepId ?? ''}
              options={stepOptions}
              onChange={(event) => set({ declineStepId: event.target.value || null })}
            />
          ) : null}
        </div>
      ) : null}

      {hasBlocks(step.type) ? (
        <div className={styles.pageLayout}>
          <div className={styles.column}>
            <h3>{t('editor.blocks.title')}</h3>
            {draft.variants.length ? (
              <Tabs
                label={t('editor.variants.tabs')}
                value={active}
                onValueChange={setActive}
                items={[
                  { value: 'A', label: t('editor.variants.original'), content: page('A') },
                  ...draft.variants.map((variant) => ({
                    value: variant.label,
                    label: t('editor.variants.label', { label: variant.label }),
                    content: page(variant.label),
                  })),
                ]}
              />
            ) : (
              page('A')
            )}
            <fieldset className={editor.fieldset}>
              <legend>{t('editor.variants.title')}</legend>
              <p className={styles.muted}>{t('editor.variants.hint')}</p>
              {draft.variants.map((variant) => (
                <div key={variant.label} className={styles.variantRow}>
                  <Input
                    label={t('editor.variants.traffic', { label: variant.label })}
                    inputMode="numeric"
                    value={traffic[variant.label] ?? ''}
                    error={problems.traffic[variant.label]}
                    onChange={(event) =>
                      setTraffic((previous) => ({ ...previous, [variant.label]: event.target.value }))
                    }
                  />
                  <Button variant="ghost" size="sm" onClick={() => removeVariant(variant)}>
                    {t('editor.variants.remove', { label: variant.label })}
                  </Button>
                </div>
              ))}
              {draft.variants.length ? (
                <p className={styles.muted}>
                  {t('editor.variants.originalShare', {
                    percent:
                      100 -
                      draft.variants.reduce((sum, variant) => sum + (Number(traffic[variant.label]) || 0), 0),
                  })}
                </p>
              ) : null}
              {nextLabel ? (
                <Button variant="secondary" size="sm" onClick={addVariant}>
                  {t('editor.variants.add', { label: nextLabel })}
                </Button>
              ) : null}
            </fieldset>
          </div>
          <PagePreview blocks={contentOf(active)} media={media} offer={step.type === 'offer'} />
        </div>
      ) : (
        <p className={styles.muted}>
          {t('editor.preview.noPage', {
            what: t(step.type === 'optin' ? 'editor.preview.form' : 'editor.preview.checkout'),
          })}
        </p>
      )}

      {invalid ? <FormStatus tone="error">{t('editor.step.fixFirst')}</FormStatus> : null}
      <FormStatus error={save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('editor.step.save')}
        </Button>
      </div>
    </Form>
  );
}
